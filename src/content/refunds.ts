/**
 * The refund rules, one description per course (institute.courses[].refund and
 * fees.admissionCharge) with its words (refunds in en/ and hi/): what a course page's refund
 * section and the refund policy page say, and the worked example each makes from the course's
 * own fee. Read at build time and by the server, never in the browser.
 */
import { fill, formatRupees } from '../../shared/format';
import type { Language } from '../../shared/languages';
import type { Copy, Institute } from './schema';

type CourseFacts = Institute['courses'][number];

/**
 * A course's refund, in rupees: the days from the batch starting, the admission charge kept, and
 * the worked example: the first instalment (paid at admission), and what comes back of it when
 * the student withdraws within the days (the instalment less the charge, never below nothing).
 */
export function refundOf(course: CourseFacts) {
  const { days } = course.refund;
  const charge = course.fees.admissionCharge;
  const paid = course.fees.instalments[0]?.amount ?? 0;
  return { days, charge, paid, refund: Math.max(0, paid - charge) };
}

/** A course's refund rules and worked example, said in one language. */
export function refundLines(course: CourseFacts, words: Copy, language: Language) {
  const said = words.refunds;
  const { days, charge, paid, refund } = refundOf(course);
  const rupees = (amount: number) => formatRupees(amount, language);
  return {
    within: fill(said.within, { days, charge: rupees(charge) }),
    after: said.after,
    example: fill(said.example, { days, charge: rupees(charge), paid: rupees(paid), refund: rupees(refund) }),
  };
}
