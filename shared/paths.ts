/**
 * Where things are: every internal link is built from here (in a language through
 * `localizedPath`, shared/languages.ts); src/pages.ts says which page is at each path,
 * and src/routes.ts registers those in every language. No URL string is typed anywhere else,
 * but for a page only the page table links to (its footer link, the sitemap): its path is on its
 * line in src/pages.ts, and comes here when a component, the server or the desk links to it.
 */
import { type CourseSlug, isCourseSlug } from './courses';
import type { EventType } from './schema/events';

const eventPaths: Record<EventType, string> = {
  'scholarship-test': '/scholarship-test',
  'demo-class': '/demo-class',
};

export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  /** The refund policy: each course's rules and a worked example (linked from every footer). */
  refunds: '/refund-policy',
  course: (slug: CourseSlug) => `/courses/${slug}` as const,
  /** The scholarship test's and the demo class's pages (issue 27): their sessions and the form to book a seat. */
  event: (type: EventType) => eventPaths[type],
  /**
   * A registrant's own page (server-rendered: server/routes/public/registrant-page.ts), its link theirs
   * alone: the booking, the admit card, the calendar file, change the date or cancel.
   */
  registrant: (token: string) => `/r/${token}` as const,
  /** "Find my booking": a family proves its number and gets its seats' links again (issue 38), in its language. */
  findBooking: (language: 'en' | 'hi') => (language === 'en' ? '/r/find' : `/r/find?lang=${language}`),
  /** The registrant's admit card (PDF) and calendar file, from their link's token (server/routes/public/registrations.ts). */
  admitCard: (token: string) => `/api/registrations/${token}/admit-card.pdf` as const,
  calendar: (token: string) => `/api/registrations/${token}/calendar.ics` as const,
  /** Where a plain HTML form post (no JavaScript) lands after a successful enquiry. */
  thankYou: '/thank-you',
  /** Where the prerendered not-found page is written; the server answers 404 with it. */
  notFound: '/404',
  /** The enquiry desk, for the institute's staff (its own app: desk/; never prerendered, never indexed). */
  staff: '/staff',
  /** Files staff uploaded (photos, the prospectus), from the database: /media/<upload id>/<file>. */
  media: (upload: string, file: string) => `/media/${upload}/${file}` as const,
  /** A consent form's scan (personal data): to signed-in staff with the content role only, never under /media. */
  consentScan: (upload: string, file: string) => `/api/staff/uploads/${upload}/${file}` as const,
  api: {
    enquiries: '/api/enquiries',
    enquiriesExport: '/api/enquiries/export',
    registrations: '/api/registrations',
    /** "Find my booking": a proved number's seats (server/routes/public/find-booking.ts). */
    findBooking: '/api/registrations/find',
    /** One-time codes that prove a family's number (server/routes/public/phone-codes.ts). */
    phoneCodes: '/api/phone-codes',
    eventSessions: '/api/event-sessions',
    health: '/healthz',
    /** The desk's API (server/routes/desk/*.ts). */
    staff: '/api/staff',
  },
} as const;

/**
 * Beside the build's server bundle (build/server/): the day the build rendered the pages for,
 * written by react-router.config.ts; the server renders them again only on another day.
 */
export const RENDER_DAY_FILE = 'render-day.txt';

/** The course a path (without a language prefix) shows, if any. */
export function courseSlugOfPath(path: string): CourseSlug | undefined {
  const slug = /^\/courses\/([^/]+)\/?$/.exec(path)?.[1] ?? '';
  return isCourseSlug(slug) ? slug : undefined;
}

/** The event whose page a path (without a language prefix) is, if any. */
export function eventTypeOfPath(path: string): EventType | undefined {
  const clean = path.replace(/\/$/, '') || '/';
  return (Object.keys(eventPaths) as EventType[]).find((type) => eventPaths[type] === clean);
}
