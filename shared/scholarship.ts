/**
 * The scholarship the test earns, described once (issue 36): who may sit (classes), for which
 * courses, and the band table (marks → percentage off the fee). It is part of the site's content
 * (src/content/institute.ts `scholarship`, checked by shared/schema/scholarship.ts), edited and
 * published with the rest of it in the desk's Site content: the pages say its range and courses
 * from it, the test's form offers only its classes and courses, and a counsellor entering marks
 * sees the percentage the same table gives (server/registrations/scholarship.ts reads the live version).
 * Without zod, so the desk's page works out the same percentage as the server while the
 * counsellor types the marks.
 */

/** A band: from these marks (included) up to the next band, this percentage off the course fee. */
export type ScholarshipBand = { from: number; percent: number };
export type ScholarshipTable = { maxMarks: number; bands: ScholarshipBand[] };

/** The percentage off the fee these marks earn: the band with the highest `from` they reach; 0 below every band. */
export function scholarshipFor(score: number, table: ScholarshipTable): number {
  const reached = table.bands.filter((band) => score >= band.from);
  return reached.reduce((best, band) => (band.from > best.from ? band : best), { from: -1, percent: 0 }).percent;
}

/**
 * What a percentage is called at the desk: "Scholarship: 20% off the fee", or below every band
 * "No scholarship: below 50" (a "0% off" read as a scholarship of nothing).
 */
export function scholarshipWords(percent: number, table: ScholarshipTable): string {
  if (percent > 0) return `Scholarship: ${percent}% off the fee`;
  const lowest = Math.min(...table.bands.map((band) => band.from));
  return table.bands.length > 0 ? `No scholarship: below ${lowest}` : 'No scholarship';
}

/** The marks a score may have: up to the maximum, and below zero as far (negative marking can take a score under 0). */
export const scoreBounds = (table: ScholarshipTable) => ({ min: -table.maxMarks, max: table.maxMarks });

/** The smallest and the largest scholarship the table gives (what the pages promise: "10% to 50%"); undefined without bands. */
export function scholarshipRange(table: ScholarshipTable): { min: number; max: number } | undefined {
  if (table.bands.length === 0) return undefined;
  const percents = table.bands.map((band) => band.percent);
  return { min: Math.min(...percents), max: Math.max(...percents) };
}
