/**
 * The institute's facts that the server needs as well as the pages: its address on the
 * web, its phone number, its time zone and working days, and the privacy notice's version
 * (an enquiry taken at the desk records it, as the form does). The rest of its facts (fees,
 * batches, teachers) are in src/content/institute.ts, which includes these; the content
 * check (scripts/check-content.ts) checks them there.
 */
export const institute = {
  origin: 'https://vidyarthi-academy.example',
  phone: '+919876500001',
  timeZone: 'Asia/Kolkata',
  // Monday to Saturday, as the thank-you page says.
  workingDays: [1, 2, 3, 4, 5, 6],
  // The privacy notice's version: its date (the privacy page says it; each enquiry stores it).
  privacyNoticeVersion: '2026-11-26',
};

/** When the desk works. Times are the institute's wall clock in `timeZone`. */
export type WorkingHours = {
  /** IANA zone, e.g. Asia/Kolkata. */
  timeZone: string;
  /** ISO weekdays: 1 = Monday … 7 = Sunday. */
  workingDays: readonly number[];
  /** 'HH:MM', 24-hour: the first minute of work. */
  opens: string;
  /** 'HH:MM', 24-hour ('24:00' for midnight): the first minute after work. */
  closes: string;
  /** Local dates (YYYY-MM-DD) with no work, even on a working weekday. */
  holidays: readonly string[];
};

/**
 * When the desk works, for speed to lead and follow-ups (shared/working-time.ts). Kept apart from
 * `institute`, which becomes part of the site's published content.
 *
 * The opening hours MUST agree with the office hours the contact page and the footer state
 * (`site.hours` in src/content/en/site.ts and src/content/hi/site.ts: "Monday – Saturday,
 * 8:00 am – 8:00 pm"): a family told "we call back within an hour" is promised the hours they
 * read. Change both together. (The office is also open on Sunday morning, but the site promises
 * call-backs on working days, Monday to Saturday, so Sunday is not working time.)
 */
export const instituteHours: WorkingHours = {
  timeZone: institute.timeZone,
  workingDays: institute.workingDays,
  opens: '08:00',
  closes: '20:00',
  /** Local dates (YYYY-MM-DD) the desk is closed on a working weekday; none are known yet. */
  holidays: [],
};
