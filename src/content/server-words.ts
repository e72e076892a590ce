/**
 * The words the server says itself, in every language: the enquiry form's labels and
 * messages (its JSON answers and the no-JavaScript error page), the site's name and
 * the courses' names (the staff email and the desk's lists); and the one fact it needs
 * before any content is published, the courses' fees and batch dates (startingFacts). The only module of
 * src/content that server/ may import (eslint.config.js): every word still lives in
 * en/ and hi/, and the server never reaches a page's words.
 */
import type { Language } from '../../shared/languages';
import type { CourseSlug } from '../../shared/courses';
import { copy } from './copy';
import { institute } from './institute';
import type { EventsWords } from './events';
import type { Copy, FormCopy } from './schema';

export type ServerWords = {
  siteName: string;
  /** The centre's address on one line (the registrant's page and the admit card). */
  address: string;
  courseNames: Record<CourseSlug, string>;
  form: FormCopy;
  events: EventsWords;
  /** The answer to too many forms from one connection in a minute (server/routes/public/enquiries.ts). */
  tooMany: FormCopy['errors']['tooMany'];
};

const serverWordsOf = (words: Copy): ServerWords => ({
  siteName: words.site.name,
  address: `${words.site.address.street}, ${words.site.address.locality}, ${words.site.address.city}, ${words.site.address.state} ${institute.postalCode}`,
  courseNames: Object.fromEntries(Object.entries(words.courses).map(([slug, course]) => [slug, course.name])) as Record<
    CourseSlug,
    string
  >,
  form: words.form,
  events: words.events,
  tooMany: words.form.errors.tooMany,
});

export const serverWords = Object.fromEntries(
  Object.entries(copy).map(([language, words]) => [language, serverWordsOf(words)]),
) as Record<Language, ServerWords>;

/**
 * Each course's fee and batches' start dates as the starting content states them (institute.ts:
 * facts, not words; the fee in rupees, for the period `per` says). The server tells the ads an
 * enrolment's worth with them, sums fees on the dashboard and fills the desk's messages until an
 * editor publishes a version of the content (server/content/course-fees.ts).
 */
export const startingFacts: Record<string, { fee: number; per?: 'year' | 'course'; starts: string[] }> =
  Object.fromEntries(
    institute.courses.map((course) => [
      course.slug,
      { fee: course.fees.amount, per: course.fees.per, starts: course.batches.map((batch) => batch.starts) },
    ]),
  );

/** The desk's WhatsApp and SMS messages as a new installation starts with them (admins edit them on the desk). */
export {
  batchDateUnknown,
  earlierDefaults,
  feePeriod,
  messageTemplates,
  type MessageTemplate,
} from './message-templates';

/** The starting content as a stored document starts (what an upgrade takes a part a version lacks from). */
export const startingDocument = { institute, copy };

/** The sessions of the scholarship test and the demo class in the starting content (server/registrations/event-sessions.ts). */
export const startingEventSessions = institute.eventSessions;

/** The scholarship's description in the starting content (server/registrations/scholarship.ts). */
export const startingScholarship = institute.scholarship;

/** A session as a family reads it (the registrant's page, the admit card, the reminder). */
export { describeSession, type EventsWords } from './events';
/** The facts that are the operator's, not the editors' (schema.ts). */
export { operatorFacts } from './schema';

/** The brand's colours (src/config/theme.ts), for what the server draws itself: the registrant's page and the admit card. */
export { brand } from '../config/theme';

/** The institute's mark as an SVG (src/config/logo.ts), drawn inline on the registrant's page. */
export { logoMarkSvg } from '../config/logo';
/** Stored versions of the content made into today's (src/content/upgrades/). */
export { CONTENT_SCHEMA_VERSION, ContentUpgradeFailed, upgradeContent } from './upgrades';
