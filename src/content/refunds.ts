/**
 * The refund rules, one description per course (institute.courses[].refund and
 * fees.admissionCharge) with its words (refunds in en/ and hi/): what a course page's refund
 * section and the refund policy page say, and the worked example each makes from the course's
 * own fee. A version published before the rules existed reads the starting content's for that
 * course. Read at build time and by the server, never in the browser.
 */
import { fill, formatRupees } from '../../shared/format';
import type { Language } from '../../shared/languages';
import type { CourseSlug } from '../../shared/paths';
import { copy as startingCopy } from './copy';
import { institute as startingInstitute } from './institute';
import type { Copy, Institute } from './schema';

type CourseFacts = Institute['courses'][number];

export const refundsWordsOf = (words: Copy, language: Language): NonNullable<Copy['refunds']> => {
  const refunds = words.refunds ?? startingCopy[language].refunds;
  if (!refunds) throw new Error(`The starting content has no refund words (src/content/${language}/refunds.ts).`);
  return refunds;
};

const startingCourse = (slug: CourseSlug) => startingInstitute.courses.find((course) => course.slug === slug);

/**
 * A course's refund, in rupees: the days from the batch starting, the admission charge kept, and
 * the worked example: the first instalment (paid at admission), and what comes back of it when
 * the student withdraws within the days (the instalment less the charge, never below nothing).
 */
export function refundOf(course: CourseFacts) {
  const starting = startingCourse(course.slug);
  const days = course.refund?.days ?? starting?.refund?.days ?? 0;
  const charge = course.fees.admissionCharge ?? starting?.fees.admissionCharge ?? 0;
  const paid = course.fees.instalments[0]?.amount ?? 0;
  return { days, charge, paid, refund: Math.max(0, paid - charge) };
}

/** A course's refund rules and worked example, said in one language. */
export function refundLines(course: CourseFacts, words: Copy, language: Language) {
  const said = refundsWordsOf(words, language);
  const { days, charge, paid, refund } = refundOf(course);
  const rupees = (amount: number) => formatRupees(amount, language);
  return {
    within: fill(said.within, { days, charge: rupees(charge) }),
    after: said.after,
    example: fill(said.example, { days, charge: rupees(charge), paid: rupees(paid), refund: rupees(refund) }),
  };
}
