/**
 * A course's fee in full, from its facts (institute.courses[].fees): the total for the whole
 * programme (a fee per year times its years), the GST included in it, each year's instalments,
 * the admission charge and a partner school's fee. Read at build time and by the server.
 */
import type { Institute } from './schema';

type CourseFacts = Institute['courses'][number];

/** The GST included in an amount that has it at `percent`: the amount less the amount without it, to the rupee. */
export const gstIn = (amount: number, percent: number): number => amount - Math.round(amount / (1 + percent / 100));

export function feeFigures(course: CourseFacts) {
  const { fees } = course;
  const years = fees.per === 'year' ? (fees.years ?? 1) : 1;
  const total = fees.amount * years;
  const gstPercent = fees.gstPercent;
  const yearsListed = [...new Set(fees.instalments.map((instalment) => instalment.year ?? 1))].sort((a, b) => a - b);
  return {
    years,
    total,
    gst: { percent: gstPercent, amount: gstIn(total, gstPercent) },
    /** The instalments by the year they are paid in, the first year first. */
    byYear: yearsListed.map((year) => ({
      year,
      instalments: fees.instalments.filter((instalment) => (instalment.year ?? 1) === year),
    })),
    admissionCharge: fees.admissionCharge,
    school: fees.school,
  };
}
