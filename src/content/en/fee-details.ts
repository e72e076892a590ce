/** How a course page states its fee in full; the amounts are facts (../institute.ts: courses[].fees). */
import type { Copy } from '../schema';

export const feeDetails: NonNullable<Copy['feeDetails']> = {
  total: 'Total for the whole course',
  totalYears: 'Total for the whole programme ({years} years)',
  gst: 'GST included in it ({percent}%): {amount}',
  year: 'Year {year}',
  admissionCharge: 'Admission charge: {amount}, part of the first instalment (not refunded)',
  school: 'Partner school’s own fee: {from} to {to} a year, paid to the school, not included above',
  tableHeading: 'Total fee',
  tableYears: '{amount} for {years} years',
};
