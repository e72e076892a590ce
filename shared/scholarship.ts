/**
 * The scholarship a test score earns: the admins' band table (Events page; checked by
 * shared/schema/desk-settings.ts scholarshipSchema). Without zod, so the desk's page works out
 * the same percentage as the server while the counsellor types the marks.
 */

/** A band: from these marks (included) up to the next band, this percentage off the course fee. */
export type ScholarshipBand = { from: number; percent: number };
export type ScholarshipTable = { maxMarks: number; bands: ScholarshipBand[] };

/** What a new installation starts with: out of 100, 90% off from 90 marks down to 10% off from 50. */
export const initialScholarship: ScholarshipTable = {
  maxMarks: 100,
  bands: [
    { from: 90, percent: 90 },
    { from: 80, percent: 75 },
    { from: 70, percent: 50 },
    { from: 60, percent: 25 },
    { from: 50, percent: 10 },
  ],
};

/** The percentage off the fee these marks earn: the band with the highest `from` they reach; 0 below every band. */
export function scholarshipFor(score: number, table: ScholarshipTable): number {
  const reached = table.bands.filter((band) => score >= band.from);
  return reached.reduce((best, band) => (band.from > best.from ? band : best), { from: -1, percent: 0 }).percent;
}

/** The marks a score may have: up to the maximum, and below zero as far (negative marking can take a score under 0). */
export const scoreBounds = (table: ScholarshipTable) => ({ min: -table.maxMarks, max: table.maxMarks });
