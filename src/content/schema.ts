/**
 * Schemas for the site's content. Two kinds of content:
 * - facts (`institute.ts`): numbers, dates, phone numbers and ids, the same in every language;
 * - copy: every word a visitor reads. The words many pages share are in one file set per
 *   language (`en/`, `hi/`), their shape `copySchema` here; each page's own words are in
 *   `pages/<page>.ts`, their shape beside them (`PageWords` below). Each language is parsed with
 *   both and compared in shape with the English copy (validate.ts), so a missing or misshapen
 *   entry stops the build with its path.
 */
import { z } from 'zod';
import type { Language } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { courseSlugs } from '../../shared/courses';
import { classLevels, enquirers, enquiryFieldNames } from '../../shared/schema/enquiry';
import { eventSessionsSchema, type EventType, eventTypes } from '../../shared/schema/events';
import { scholarshipSchema } from '../../shared/schema/scholarship';
import { uploadedPdfSchema, uploadedPhotoSchema, uploadedScanSchema } from '../../shared/schema/uploads';

export const text = (max: number) => z.string().trim().min(1).max(max);

/** Placeholders such as {count} are filled in by the component that shows the text. */
/**
 * A keyed list with a most (issue 38, M8): every list in the content has one, so that no version
 * makes a page heavier than a phone should load (the review's 780 FAQs made a 2.6 MB page).
 */
const few = <Schema extends z.ZodRecord>(record: Schema, max: number) =>
  record.refine((value) => Object.keys(value as object).length <= max, { message: `at most ${max} entries` });

export const template = (max: number, ...names: string[]) =>
  text(max).refine((value) => names.every((name) => value.includes(`{${name}}`)), {
    message: `must contain ${names.map((name) => `{${name}}`).join(', ')}`,
  });

/**
 * What matches a fact (a batch, an instalment) to its words in every language: never its
 * place in a list, so adding or reordering one cannot give another's name.
 */
const factId = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters, digits and hyphens');
const uniqueIds = (items: { id: string }[]) => new Set(items.map((item) => item.id)).size === items.length;

const indianPhone = z.string().regex(/^\+91[6-9]\d{9}$/, 'an Indian mobile in +91XXXXXXXXXX form');

// ——— Facts ———————————————————————————————————————————————————————————————

/** A photograph's file name in its use's folder (src/content/photos.ts). */
const photoFile = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*\.(avif|jpe?g|png|webp)$/, 'a file name such as meenakshi-rathore.jpg');

/** A photo for `use`: a file in its folder (built), or one staff uploaded for it in the desk (shared/schema/uploads.ts). */
const photoFor = (use: 'portrait' | 'hero' | 'student') =>
  z.union([
    photoFile,
    uploadedPhotoSchema.refine((photo) => photo.use === use, { message: `an upload made for a ${use}` }),
  ]);

/**
 * A teacher or a testimonial is named by an id (its words are teachers.<id> and
 * testimonials.<id> in every language): staff add them in the desk, so the ids are not a fixed
 * list; the content check makes sure every id the facts name has its words (validate.ts).
 */
export type TeacherId = string;
export type TestimonialId = string;

/**
 * The result behind a student's testimonial, as India's 2024 guidelines on coaching
 * advertisements require a result claim to state it: the exam and year, the rank or
 * score, the course the student took with us and for how long, and whether they paid
 * for it. A testimonial that claims a result without these fails the build.
 */
export const resultSchema = z.object({
  exam: z.enum(['NEET', 'JEE Main']),
  year: z.number().int().min(2000).max(2100),
  rank: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('AIR'), value: z.number().int().positive() }),
    z.object({ kind: z.literal('percentile'), value: z.number().min(0).max(100) }),
  ]),
  course: z.enum(courseSlugs),
  months: z.number().int().min(1).max(48).describe('How long the student studied with us.'),
  paid: z.boolean().describe('false: a free (fully sponsored) seat.'),
});
export type Result = z.infer<typeof resultSchema>;

/** Who signed a student's consent: the student, or (always for a student under 18) a parent or guardian. */
export const consentGivers = ['student', 'parent'] as const;
export type ConsentGiver = (typeof consentGivers)[number];

/**
 * The written consent behind a testimonial that names a student with a result or shows their
 * photo, as India's 2024 guidelines on coaching advertisements require: signed after the result,
 * by the student, or by a parent or guardian when the student is a minor. Personal data: it is
 * never on a page (page-data.ts reads none of it), and its scan is served to staff with the
 * content role only. Each part may be missing while an editor fills it in; the content check
 * (validate.ts) refuses to publish a testimonial that needs consent until all are there.
 * `sample`: a made-up student of the sample content, allowed only while institute.sampleData says
 * every name on the site is sample data (the starting content's students); never set in the desk.
 */
export const consentSchema = z.object({
  date: z.iso.date().optional().describe('The day the form was signed: after the result, not in the future.'),
  by: z.enum(consentGivers).optional(),
  minor: z.boolean().optional().describe('The student was under 18 on the day it was signed.'),
  scan: uploadedScanSchema.optional(),
  sample: z.literal(true).optional(),
});
export type Consent = z.infer<typeof consentSchema>;

/** The pages a notice can be shown on: the home page, or a course page by its slug. */
export const noticePages = ['home', ...courseSlugs] as const;
export type NoticePage = (typeof noticePages)[number];

/**
 * Where a notice may link: one of the site's own pages (a path without a language prefix; the
 * page shows it in its own language), never an address outside the site.
 */
export const noticeLinks = [paths.home, ...courseSlugs.map(paths.course), paths.about, paths.contact] as const;

/**
 * A dated announcement ("Admissions open", "Closed on 26 January"), shown on the pages in
 * `on` from `from` to `until`, both days included, in the institute's time zone (the day the
 * pages are rendered for), then gone by itself. Its words are notices.<id> in every language.
 */
const noticeSchema = z
  .object({
    /** Names the notice in every language's words (notices.<id>). */
    id: factId,
    from: z.iso.date().describe('The first day it is shown.'),
    until: z.iso.date().describe('The last day it is shown.'),
    on: z
      .array(z.enum(noticePages))
      .min(1)
      .refine((pages) => new Set(pages).size === pages.length, { message: 'names a page twice' })
      .describe("The pages it is shown on: 'home' or a course's slug."),
    link: z.enum(noticeLinks).optional().describe("A page of the site its title links to (e.g. '/contact')."),
  })
  .refine((notice) => notice.until >= notice.from, { message: 'must not be before from', path: ['until'] });
export type Notice = z.infer<typeof noticeSchema>;

/**
 * The facts that are the operator's, not the editors': where the site is (every canonical link,
 * share link and sitemap entry is made from its origin), its country, the time zone and working
 * days the desk counts in, and the privacy notice's version (it changes with the notice, in the
 * code). They are the code's (src/content/institute.ts): the pages are made with the code's values
 * whatever a stored version says, and a version that changes them is refused, naming the field.
 */
export const operatorFacts = ['origin', 'country', 'timeZone', 'workingDays', 'privacyNoticeVersion'] as const;

export const instituteSchema = z.object({
  /** The canonical origin, used for canonical URLs, Open Graph and the sitemap. */
  origin: z.url(),
  phone: indianPhone,
  whatsapp: indianPhone,
  email: z.email(),
  postalCode: z.string().regex(/^\d{6}$/),
  country: z.literal('IN'),
  foundedYear: z.number().int().min(1950).max(2030),
  grievanceOfficer: z
    .object({ email: z.email(), phone: indianPhone })
    .describe('Who answers privacy requests and complaints (DPDP Act grievance contact); name in the copy.'),
  /** Where the institute is: its dates (follow-ups, "today" on the desk) are in this time zone. */
  timeZone: z.string().refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as Asia/Kolkata'),
  /**
   * The days the institute works (ISO: 1 = Monday … 7 = Sunday). The site promises a
   * call back within one working day; the desk marks new enquiries older than that.
   */
  workingDays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
  /** The privacy notice's version: changes whenever its substance changes; stored with each enquiry's consent. */
  privacyNoticeVersion: z.iso.date(),
  /**
   * How many days a batch's seats count stays true: after that the pages stop showing it (a
   * count nobody has checked for weeks is not a fact). Counted from the day it was counted.
   */
  seatsShownForDays: z.number().int().min(1).max(90),
  courses: z
    .array(
      z.object({
        slug: z.enum(courseSlugs),
        exam: z.enum(['NEET', 'JEE Main', 'NEET / JEE', 'Foundation']),
        batches: z
          .array(
            z
              .object({
                /** Names the batch in every language's words (courses.<slug>.batches.<id>). */
                id: factId,
                starts: z.iso.date(),
                /**
                 * Seats still open, only with the day they were counted (no undated "hurry"
                 * badges: the 2024 guidelines on coaching advertisements); leave out otherwise.
                 */
                seatsLeft: z.object({ count: z.number().int().nonnegative(), asOf: z.iso.date() }).optional(),
              })
              .refine((batch) => !batch.seatsLeft || batch.seatsLeft.asOf <= batch.starts, {
                message: 'seatsLeft.asOf must not be after the batch starts',
              }),
          )
          .min(1)
          .max(12)
          .refine(uniqueIds, { message: 'two batches have the same id' }),
        fees: z.object({
          amount: z.number().int().positive().describe('The fee in rupees, GST included, for the period `per` names.'),
          /**
           * What the amount pays for: one year of the course (a two-year course costs this
           * each year) or the whole course. Every place that shows the fee says which, from
           * the words for it (ui.course.fee, ui.comparison.feeAmount).
           */
          per: z.enum(['year', 'course']),
          /** Each named in every language's words (courses.<slug>.fees.instalments.<id>). */
          instalments: z
            .array(
              z.object({
                id: factId,
                amount: z.number().int().positive(),
                /** The year of the programme it is paid in (1 when left out); each year's add up to the fee. */
                year: z.number().int().min(1).max(4).optional(),
              }),
            )
            .min(1)
            .max(12)
            .refine(uniqueIds, { message: 'two instalments have the same id' }),
          /**
           * How many years the programme runs, for a fee `per` year (a two-year course: 2): its
           * total is the fee times these, each year's instalments listed. 1 when left out.
           */
          years: z.number().int().min(1).max(4).optional(),
          /** The GST rate included in the fee, in percent (18): the pages state the GST part of the total. */
          gstPercent: z.number().min(0).max(28),
          /**
           * A partner school's own fee a year, paid to the school (the integrated programme): the
           * lowest and the highest in rupees; the school is named in the words (fees.school).
           */
          school: z
            .object({ from: z.number().int().positive(), to: z.number().int().positive() })
            .refine((range) => range.from <= range.to, { message: 'from must not be above to' })
            .optional(),
          /**
           * The admission charge in rupees: part of the first instalment (paid at admission), shown as
           * its own line, and kept on a refund (refund).
           */
          admissionCharge: z.number().int().positive(),
        }),
        /**
         * The course's refund rules, one description the course page, its worked example and the
         * refund policy page read: withdraw within `days` days of the batch starting and everything
         * paid is refunded except the admission charge; after that, nothing paid is refunded and no
         * instalment not yet due is asked for (the words: refunds in en/ and hi/).
         */
        refund: z.object({ days: z.number().int().min(1).max(90).describe('Days from the batch starting.') }),
        /**
         * Who the course's results count: how many of its students sat the exam that year and in how
         * many batches they studied. A result whose figure is a whole number counts students, and the
         * course page says it as "X of Y who sat" (the words: courses.<slug>.resultsOf). Content stored
         * before it may leave it out: the figures are then shown as they are.
         */
        cohort: z
          .object({
            year: z.number().int().min(2000).max(2100),
            sat: z.number().int().positive(),
            batches: z.number().int().positive(),
          })
          .optional(),
        teachers: z.array(factId).min(1).max(40),
        testimonials: z.array(factId).min(1).max(40),
      }),
    )
    .length(courseSlugs.length),
  /**
   * While the figures are samples (results, fees, dates), the pages say so beside every figure
   * (site.sampleNotice).
   */
  sampleData: z.boolean(),
  /** Teachers shown on the about page, in order. */
  aboutTeachers: z.array(factId).min(4).max(40),
  /** Testimonials shown on the home page, in order. */
  homeTestimonials: z.array(factId).min(3).max(12),
  /** The result each student testimonial claims (testimonials that claim none have no entry). */
  testimonialResults: few(z.record(factId, resultSchema), 40),
  /**
   * Teachers' portraits: a real photograph of the teacher, a file in src/assets/photos/portrait/ or
   * one uploaded in the desk (alt text: the teacher's `portraitAlt` in every language). A teacher
   * without one is shown by initials.
   */
  teacherPortraits: few(z.record(factId, photoFor('portrait')), 40),
  /**
   * Students' photos on their testimonials, by the testimonial's id: one uploaded in the desk (or a
   * file in src/assets/photos/student/), alt text the testimonial's `photoAlt` in every language. A
   * testimonial without one has no entry (and shows no face).
   */
  testimonialPhotos: few(z.record(factId, photoFor('student')), 40),
  /**
   * The written consent behind each testimonial that claims a result (testimonialResults) or shows
   * a photo (testimonialPhotos), by the testimonial's id: a testimonial that does neither needs none
   * and has no entry. Staff-only (never on a page); see consentSchema.
   */
  testimonialConsents: few(z.record(factId, consentSchema), 40),
  /**
  /** Dated notices on the home and course pages. */
  notices: z.array(noticeSchema).max(30).refine(uniqueIds, { message: 'two notices have the same id' }),
  /** A photograph for the home page's hero on wide screens, in src/assets/photos/hero/ (alt text: home.hero.photoAlt); the artwork otherwise. */
  heroPhoto: photoFor('hero').optional(),
  /** The prospectus, a PDF uploaded in the desk: linked from the contact page (its words: contact.prospectus). */
  prospectus: uploadedPdfSchema.optional(),
  /**
   * Sessions of the scholarship test and the demo class that families book seats at (the seats
   * taken are counted in the database).
   */
  eventSessions: eventSessionsSchema,
  /**
   * The scholarship the test earns, described once (shared/scholarship.ts): who may sit, for which
   * courses, and marks → percentage. Every page that mentions a scholarship reads it (the words'
   * {scholarshipRange}, {scholarshipCourses}, {scholarshipClasses}), and so do the test's form and
   * the desk.
   */
  scholarship: scholarshipSchema,
});
export type Institute = z.infer<typeof instituteSchema>;

// ——— Copy ————————————————————————————————————————————————————————————————

/** What search engines and link previews show for one page. */
export const seoSchema = z.object({
  title: text(70).describe('The <title>: about 60 characters, or search results cut it off.'),
  description: z
    .string()
    .trim()
    .min(50)
    .max(170)
    .describe('The meta description: 50–160 characters, shown under the title in results.'),
});
export type Seo = z.infer<typeof seoSchema>;

export const faqSchema = z.object({ question: text(200), answer: text(900) });
export type Faq = z.infer<typeof faqSchema>;

export const section = z.object({ heading: text(90), intro: text(450).optional() });
export const point = z.object({ title: text(80), body: text(320) });
export const stat = z.object({ figure: text(20), label: text(120) });

export const teacherSchema = z.object({
  name: text(60),
  subject: text(60),
  experience: text(160),
  bio: text(400),
  /** What the teacher's portrait shows, for whoever cannot see it; needed when institute.teacherPortraits names one. */
  portraitAlt: text(160).optional(),
});
export type Teacher = z.infer<typeof teacherSchema>;

export const testimonialSchema = z.object({
  quote: text(450),
  name: text(60),
  /** Who they are, e.g. "Weekend batch 2025–26" or "Parent of a Class 12 student"; a result goes in institute.testimonialResults. */
  detail: text(100),
  /** What the student's photo shows, for whoever cannot see it; needed when institute.testimonialPhotos names one. */
  photoAlt: text(160).optional(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const courseCopySchema = z.object({
  name: text(70),
  shortName: text(40),
  summary: text(260).describe('One or two sentences for cards and the comparison table.'),
  seo: seoSchema,
  audience: z.object({ classes: text(80), eligibility: text(400) }),
  mode: text(80),
  schedule: z.array(text(160)).min(1).max(12),
  duration: text(60),
  /** A name for each batch in the facts, by its id. */
  batches: few(z.record(factId, text(80)), 12),
  fees: z.object({
    note: text(260),
    /** The partner school (name, board, what its fee covers), where the facts give a school fee. */
    school: text(200).optional(),
    /** A label and due date for each instalment in the facts, by its id. */
    instalments: few(z.record(factId, z.object({ label: text(60), due: text(60) })), 12),
  }),
  covers: z.array(text(260)).min(3).max(20),
  tests: z.array(text(260)).min(1).max(12),
  material: z.array(text(260)).min(1).max(12),
  results: z.array(stat).min(1).max(12),
  /** Beside each result that counts students ("131"): who sat, from the facts (institute.courses[].cohort). */
  resultsOf: template(200, 'sat', 'batches').optional(),
  faqs: z.array(faqSchema).min(3).max(25),
});
export type CourseCopy = z.infer<typeof courseCopySchema>;

/** Plain text with no web address in it: a notice links only to the site's own pages (institute.notices[].link). */
const plainText = (max: number) =>
  text(max).refine((value) => !/https?:|www\./i.test(value), { message: 'no web addresses: link a page with link' });

/** A notice's words (institute.notices, by id). */
export const noticeWordsSchema = z.object({ title: plainText(120), body: plainText(300).optional() });
export type NoticeWords = z.infer<typeof noticeWordsSchema>;

const fieldWords = z.object({
  label: text(80),
  help: text(120).optional(),
  placeholder: text(120).optional(),
  /** Our own messages; where absent, antd's default message for the rule is shown (in the page's language). */
  messages: few(z.record(z.string(), text(200)), 10).optional(),
});

export const formCopySchema = z.object({
  fields: z.object(
    Object.fromEntries(enquiryFieldNames.map((name) => [name, fieldWords])) as Record<
      (typeof enquiryFieldNames)[number],
      typeof fieldWords
    >,
  ),
  enquirers: z.object(
    Object.fromEntries(enquirers.map((e) => [e, text(40)])) as Record<Enquirer, ReturnType<typeof text>>,
  ),
  classLevels: z.object(
    Object.fromEntries(classLevels.map((level) => [level, text(40)])) as Record<ClassLevel, ReturnType<typeof text>>,
  ),
  choose: text(30),
  /** Beside the label of a field that may be left empty (antd's optional mark, in our words). */
  optional: text(30),
  consentParent: text(250).describe('The consent checkbox when a student under 18 enquires.'),
  consentNotice: text(80),
  submit: text(40),
  honeypot: text(60),
  sentHeading: text(80),
  sentBody: template(250, 'phone'),
  sentReference: text(40),
  sentUrgent: text(80),
  /** The optional details asked once the call-back is requested (the thank-you step). */
  details: z.object({ heading: text(80), lead: text(200), submit: text(40), saved: text(160) }),
  errors: z.object({
    invalid: text(120),
    notAnObject: text(120),
    unavailable: template(250, 'phone'),
    network: text(200),
    retry: text(30),
    pageTitle: text(80),
    pageLead: text(120),
    pageBack: text(200),
    pageHome: text(60),
    /** The optional details could not be added (an old or unknown enquiry). */
    detailsGone: text(200),
    /**
     * Too many forms from one connection in a minute (the server's answer, 429; its page without
     * JavaScript is headed `title`). The server says these words from its starting content
     * whatever is published (server-words.ts).
     */
    tooMany: z.object({ title: text(80), message: template(250, 'phone') }),
  }),
});
type Enquirer = (typeof enquirers)[number];
type ClassLevel = (typeof classLevels)[number];
export type FormCopy = z.infer<typeof formCopySchema>;

/** The words of the events families book a seat at (shared/schema/events.ts). */
const eventTypeCopySchema = z.object({
  name: text(80),
  /** In the header's menu and on the cards that link to the event's page. */
  navLabel: text(30),
  seo: seoSchema,
  heading: text(110),
  lead: text(350),
  /** What happens there and what the family gets from it, a point each. */
  about: z.array(text(300)).min(2).max(6),
  /** What to bring (the page and the admit card). */
  bring: z.array(text(160)).min(1).max(6),
  /** On the home and course pages' cards. */
  cardLead: text(200),
});

/** The words of the events families book a seat at (shared/schema/events.ts). */
export const eventsCopySchema = z.object({
  types: z.object(
    Object.fromEntries(eventTypes.map((type) => [type, eventTypeCopySchema])) as Record<
      EventType,
      typeof eventTypeCopySchema
    >,
  ),
  /** The events' pages and cards. */
  ui: z.object({
    cardsHeading: text(80),
    cardsIntro: text(250),
    /** On a card: the next session's date. */
    nextSession: template(80, 'date'),
    noSessionYet: text(120),
    cardLink: text(40),
    aboutHeading: text(60),
    bringHeading: text(60),
    sessionsHeading: text(60),
    /** No session takes registrations now. */
    noSessions: template(250, 'phone'),
    seatsLeft: template(40, 'count'),
    full: text(40),
    closed: text(40),
    atCentre: text(60),
    online: text(80),
    /** Beside a date in the form's list. */
    onlineShort: text(20),
    forClasses: template(80, 'classes'),
    /** How {classes} names the school classes: "Class 10, 11, 12 and droppers". */
    classList: z.object({ classes: template(40, 'numbers'), droppers: text(40) }),
    time: template(60, 'starts', 'ends'),
    reportBy: template(60, 'time'),
    registerHeading: text(80),
    registerIntro: text(250),
    sessionLabel: text(40),
    /** Under the form's optional email field: what it is for. */
    emailExtra: text(160),
    sessionRequired: text(80),
    submit: text(40),
    /** The seats shown are as of the page's render until the page has asked again. */
    seatsNote: text(160),
  }),
  /** The registrant's page (its link is theirs alone) and the answer to a booking. */
  registrant: z.object({
    title: text(70),
    /** The admit card's own words (server/registrations/admit-card.ts). */
    cardTitle: text(40),
    student: text(30),
    mapLink: text(60),
    rollNumber: text(30),
    event: text(30),
    session: text(30),
    venue: text(30),
    reportBy: text(30),
    admitCard: text(60),
    calendar: text(60),
    /** Under the booking: keep the link. */
    keepLink: text(250),
    emailed: text(160),
    rescheduleHeading: text(60),
    rescheduleLabel: text(60),
    rescheduleSubmit: text(40),
    noOtherSession: text(200),
    cancelHeading: text(60),
    cancelIntro: text(200),
    cancelSubmit: text(40),
    cancelledHeading: text(80),
    bookAgain: text(60),
    home: text(60),
    /** The reminder a counsellor sends by WhatsApp to a registrant without email (the desk's session page). */
    reminder: template(400, 'student', 'event', 'day', 'time', 'arriveAt', 'venue', 'roll', 'institute'),
  }),
  /** What POST /api/registrations answers, in the registrant's language. */
  answers: z.object({
    /** The roll number and the session follow it (no placeholder: older versions' {roll} is filled still). */
    booked: text(160),
    already: template(160, 'roll'),
    fullNoNext: template(250, 'phone'),
    closed: text(200),
    notFor: text(200),
    /** The registrant's link: altered or made up, or its event is over. */
    linkInvalid: text(200),
    linkExpired: text(200),
    cancelled: text(200),
    moved: template(200, 'date'),
  }),
  /**
   * The registrant's emails (server/delivery/registrant-emails.ts): the admit card when the seat
   * is booked, and the reminder the day before. Their facts are labelled with the registrant's
   * page's words (roll number, student, date and time, arrive by, where, what to bring).
   */
  emails: z.object({
    admitCardSubject: template(120, 'event', 'roll'),
    admitCardHeading: template(160, 'student'),
    reminderSubject: template(120, 'event', 'day'),
    reminderHeading: template(200, 'student', 'day'),
    /** The admit card goes with both, as a PDF. */
    attached: text(200),
    /** Above the registrant's link. */
    changeLink: text(200),
    questions: template(120, 'phone'),
  }),
  /** Words added with issue 36 (bookings that say when and where); a version stored before them gains them by an upgrade. */
  booking: z.object({
    /** A session named in full, in a sentence: "online, Sunday, 20 December 2026, 11:00 am to 12:30 pm". */
    sessionOnline: template(120, 'day', 'time'),
    sessionAtCentre: template(120, 'day', 'time'),
    /** A session in the form's list, short enough for a phone: the kind first. */
    optionOnline: template(60, 'day', 'starts'),
    optionAtCentre: template(60, 'day', 'starts'),
    optionFull: template(80, 'option'),
    /** The session filled: the next one with seats is of the same kind (chosen for them), or of the other kind (not chosen). */
    fullSameKind: template(300, 'session'),
    fullOtherKind: template(300, 'session'),
    /** The no-JavaScript "full" page: its title, and its button. */
    fullTitle: text(80),
    bookOffered: template(160, 'session'),
    /** The student has a seat at this event already: which one, and how to change it without its link. */
    alreadyAt: template(250, 'session', 'roll'),
    alreadyEmailed: text(250),
    alreadyCall: template(250, 'phone'),
    alreadyTitle: text(80),
    /** The booking could not be stored just now (the enquiry's words are not a booking's). */
    unavailable: template(200, 'phone'),
    /** The no-JavaScript page's title when a booking has something to correct. */
    checkTitle: text(80),
    /** The page and card's "Questions? Call us on" before the number. */
    callUs: text(60),
    /** An online session: joining, not arriving; what to have ready. */
    joinByLabel: text(30),
    joinBy: template(60, 'time'),
    bringOnline: z.array(text(160)).min(1).max(6),
    joinLinkLabel: text(40),
    /** Before the day before: how the joining link comes. */
    joinLinkLater: text(250),
    /** The registrant's page: calendars, WhatsApp, cancelling asked once. */
    googleCalendar: text(60),
    whatsApp: text(60),
    whatsAppText: template(200, 'event', 'day', 'link'),
    cancelQuestion: template(160, 'student', 'day'),
    cancelYes: text(40),
    cancelKeep: text(40),
    /** The calendar file's reminder the day before. */
    calendarAlarm: template(120, 'event'),
  }),
  /**
   * A one-time code that proves the family's number (issue 38): what the server answers when it
   * sends one and when it is typed (a version stored before them gains them by an upgrade).
   */
  verification: z.object({
    /** How the code came: {channel} in `sent`. */
    channelSms: text(30),
    channelWhatsApp: text(30),
    sent: template(200, 'phone', 'channel', 'minutes'),
    notSent: template(200, 'phone'),
    wait: template(160, 'seconds'),
    limited: template(250, 'minutes', 'phone'),
    wrong: template(160, 'tries'),
    gone: text(200),
    verified: text(120),
    /** Asking for the code: the form's step and the no-JavaScript page. */
    title: text(80),
    why: text(250),
    codeLabel: text(60),
    codeRequired: text(120),
    confirm: text(60),
    /** The enquiry form's step, when the admins ask for a code before an enquiry is sent. */
    whyEnquiry: text(250),
    confirmEnquiry: text(60),
    /** An enquiry from a script without its number proved (the API without the form). */
    neededEnquiry: text(200),
    /** The provider did not take the code at once: it is being sent again. */
    delayed: template(200, 'phone', 'channel'),
    resend: text(60),
    resendIn: template(80, 'seconds'),
    /** A booking sent with no proof of the number at all (the API without the form). */
    needed: text(200),
    /** A number with as many standing seats at the event as one family may hold. */
    perNumber: template(250, 'count', 'phone'),
  }),
  /** "Find my booking" (issue 38): a family that lost its link proves the number and sees its seats (/r/find). */
  findBooking: z.object({
    /** The events' pages' link to it, and its page's title. */
    link: text(80),
    title: text(80),
    intro: text(400),
    phoneLabel: text(60),
    send: text(60),
    why: text(250),
    confirm: text(60),
    found: template(160, 'phone'),
    none: template(300, 'phone', 'call'),
    /** One seat's link: "Open the booking of {student}". */
    open: template(120, 'student'),
    emailed: text(200),
  }),
});
export type EventsCopy = z.infer<typeof eventsCopySchema>;

export const copySchema = z.object({
  /** Shown when a page fails to load; kept apart so the root can show it without the rest. */
  error: z.object({ heading: text(60), body: text(200) }),
  site: z.object({
    /** The institute's name as this language writes it: in its pages' sentences, the emails, the admit card and messages. */
    name: text(60),
    /**
     * The name search engines and link previews know the institute by (og:site_name, the structured
     * data), where this language writes it otherwise: the Latin name beside the Devanagari one. Absent: `name`.
     */
    seoName: text(60).optional(),
    shortName: text(30),
    tagline: text(140),
    /** The wordmark beside the mark (src/config/logo.ts): the name as this language writes it, and what is taught. */
    logo: z.object({ name: text(40), tagline: text(50) }),
    address: z.object({ street: text(140), locality: text(60), city: text(40), state: text(40) }),
    hours: z
      .array(z.object({ days: text(40), time: text(40) }))
      .min(1)
      .max(7),
    grievanceOfficer: text(80),
    sampleNotice: text(160),
  }),
  ui: z.object({
    skipToContent: text(60),
    nav: z.object({
      label: text(30),
      home: text(30),
      courses: text(30),
      about: text(30),
      contact: text(30),
      menuOpen: text(20),
      menuClose: text(20),
      menuLabel: text(60),
      /** The language switcher's accessible group name (in this language). */
      languages: text(40),
    }),
    actions: z.object({
      call: text(30),
      callInstitute: template(40, 'name'),
      whatsapp: text(30),
      whatsappMessage: text(160),
      enquire: text(40),
      viewCourse: text(40),
      directions: text(40),
      email: text(40),
    }),
    footer: z.object({
      coursesHeading: text(40),
      instituteHeading: text(40),
      contactHeading: text(40),
      hoursHeading: text(40),
      rights: text(60),
    }),
    course: z.object({
      factsHeading: text(40),
      whoFor: text(40),
      eligibility: text(40),
      mode: text(40),
      duration: text(40),
      nextBatch: text(40),
      scheduleHeading: text(40),
      batchesHeading: text(60),
      batchStarts: text(30),
      seatsLeft: template(60, 'count', 'date'),
      /** Shown in place of the batches when none is still to begin. */
      noBatches: text(140),
      feesHeading: text(40),
      /** The fee's label, by the period it covers (institute.courses[].fees.per). */
      fee: z.object({ year: text(40), course: text(40) }),
      instalmentsHeading: text(60),
      coversHeading: text(60),
      testsHeading: text(40),
      materialHeading: text(40),
      facultyHeading: text(40),
      resultsHeading: text(40),
      faqHeading: text(60),
      testimonialsHeading: text(60),
      enquiryHeading: text(60),
      enquiryIntro: text(200),
    }),
    /** How a testimonial states its result (institute.testimonialResults). */
    result: z.object({
      air: template(30, 'rank'),
      percentile: template(30, 'rank'),
      studied: template(100, 'course', 'months', 'fee'),
      paid: text(30),
      free: text(30),
    }),
    comparison: z.object({
      caption: text(60),
      course: text(30),
      whoFor: text(40),
      duration: text(30),
      mode: text(30),
      fee: text(30),
      /** A course's fee in the table, with the period it covers (institute.courses[].fees.per). */
      feeAmount: z.object({ year: template(40, 'amount'), course: template(40, 'amount') }),
      scrollHint: text(80),
    }),
    /** Above the notices on a page (institute.notices), and the days each is shown. */
    notices: z.object({
      label: text(40),
      /** A notice shown for more than one day: dated by its first day ({until}, its last, may be used too). */
      dates: template(80, 'from'),
      /** A notice shown for one day only. */
      day: template(60, 'date'),
    }),
    consent: z.object({ heading: text(60), text: text(300), accept: text(30), decline: text(30), choices: text(40) }),
    privacy: z.object({ version: text(40), grievanceHeading: text(60), link: text(40) }),
  }),
  form: formCopySchema,
  /**
   * How the pages say the scholarship (institute.scholarship): its range, and the part of the fee it
   * is taken off. Any text may say {scholarshipRange} ("10% to 50%"), {scholarshipFeePart},
   * {scholarshipCourses} and {scholarshipClasses}; the pages fill them in from the facts
   * (scholarship.ts).
   */
  scholarship: z.object({
    range: template(40, 'min', 'max'),
    feePart: text(160).describe('What the percentage is taken off, e.g. "the course fee shown on its page".'),
    /** The band table on the test's page. */
    bandsHeading: text(80),
    marks: template(40, 'max'),
    percent: text(40),
    /** A band's marks: from and below the next band's; the top band from its marks up. */
    band: template(40, 'from', 'to'),
    topBand: template(40, 'from'),
    /** The percentage off, in the table. */
    off: template(30, 'percent'),
  }),
  /**
   * How a course page states its fee in full (institute.courses[].fees): the total for the whole
   * programme with the GST in it, each year's instalments, the admission charge as its own line,
   * the partner school's fee; and the comparison table's one unit, the total.
   */
  feeDetails: z.object({
    total: text(60),
    /** Beside the total of a programme of several years. */
    totalYears: template(60, 'years'),
    gst: template(80, 'percent', 'amount'),
    year: template(40, 'year'),
    admissionCharge: template(160, 'amount'),
    school: template(200, 'from', 'to'),
    /** The comparison table's fee column: every course's total for the whole programme. */
    tableHeading: text(40),
    tableYears: template(60, 'amount', 'years'),
  }),
  /**
   * The refund policy: its page (linked from every footer) and the refund section of every course
   * page, whose rules and worked example are made from each course's facts (institute.courses[].refund,
   * fees.admissionCharge).
   */
  refunds: z.object({
    seo: seoSchema,
    heading: text(90),
    lead: text(450),
    /** In every footer, and under a course's refund rules. */
    link: text(40),
    /** The refund section's heading on a course page, and each course's on the policy page. */
    courseHeading: text(60),
    /** A course's rule: {days} from its facts, {charge} its admission charge. */
    within: template(300, 'days', 'charge'),
    after: text(300),
    /** The worked example: {paid} the first instalment, {refund} what comes back. */
    example: template(400, 'paid', 'charge', 'days', 'refund'),
    coursesHeading: text(90),
    sections: z
      .array(z.object({ heading: text(90), paragraphs: z.array(text(800)).min(1).max(10) }))
      .min(1)
      .max(10),
  }),
  /** The words of each notice in the facts (institute.notices), by its id. */
  notices: few(z.record(factId, noticeWordsSchema), 30),
  /**
   * The scholarship test and the demo class (institute.eventSessions): their names and the
   * answers to a registration. Content stored before events existed has none (the server's
   * answers then come from the starting content's words).
   */
  events: eventsCopySchema,
  courses: z.object(
    Object.fromEntries(courseSlugs.map((slug) => [slug, courseCopySchema])) as Record<
      (typeof courseSlugs)[number],
      typeof courseCopySchema
    >,
  ),
  teachers: few(z.record(factId, teacherSchema), 40),
  testimonials: few(z.record(factId, testimonialSchema), 40),
});

/**
 * Each page's own words (the home page's, the About page's…), one module a page in
 * src/content/pages/: each adds its words' type here, under its key in the copy, by declaring
 *
 *     declare module '../schema' { interface PageWords { about: z.infer<typeof schema> } }
 *
 * so that `Copy['about']` is typed, and src/content/pages/index.ts finds the module itself: a new
 * page's words (their shape, English and Hindi) are one new file.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by each page's module
export interface PageWords {}

/** A page's own words: their key in the copy, their shape, and the words in every language. */
export type PageWordsModule<Id extends keyof PageWords = keyof PageWords> = {
  id: Id;
  schema: z.ZodType<PageWords[Id]>;
} & Record<Language, PageWords[Id]>;

/** A page's own words (src/content/pages/), checked against the type it declares. */
export const pageWords = <Id extends keyof PageWords>(words: PageWordsModule<Id>): PageWordsModule<Id> => words;

/** Every word of the site in one language: the words many pages share, and each page's own. */
export type Copy = z.infer<typeof copySchema> & PageWords;
