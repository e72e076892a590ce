/**
 * The institute's facts that the server needs as well as the pages: its address on the
 * web, its phone number, its time zone and working days. The rest of its facts (fees,
 * batches, teachers) are in src/content/institute.ts, which includes these; the content
 * check (scripts/check-content.ts) checks them there.
 */
export const institute = {
  origin: 'https://vidyarthi-academy.example',
  phone: '+919876500001',
  timeZone: 'Asia/Kolkata',
  // Monday to Saturday, as the thank-you page says.
  workingDays: [1, 2, 3, 4, 5, 6],
};
