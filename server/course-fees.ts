/**
 * What each course costs, as the live content says: the fee an enrolment is worth to the ads
 * (server/delivery/meta-stages.ts, the Google Ads export) and on the dashboard. The live version
 * is the one the pages show (content_versions, server/db/content-repository.ts); before any is
 * published, the starting content's (src/content/institute.ts, through server-words.ts).
 *
 * The fee is `fees.amount`: the course's fee for the period it names (`per`: the whole course,
 * or a year of a two-year course). The content holds no number of years as a fact (only the
 * words "Two years"), so a yearly fee counts one year: what the family pays when it enrols.
 */
import { z } from 'zod';
import { text } from '../shared/schema/text';
import { startingFees } from '../src/content/server-words';
import type { ContentRepository } from './db/content-repository';

/** A course's fee in rupees (undefined: no such course). */
export type FeeOf = (course: string) => number | undefined;

/** The only part of a published document read here; the rest was checked when it was published. */
const feesOfDocument = z.object({
  institute: z.object({
    courses: z.array(z.object({ slug: text(), fees: z.object({ amount: z.number().int().nonnegative() }) })),
  }),
});

const lookUp =
  (fees: Record<string, number>): FeeOf =>
  (course) =>
    Object.hasOwn(fees, course) ? fees[course] : undefined;

/**
 * The fees of the live content, read when asked (a publication changes them at once, on every
 * instance); the document is parsed again only when another version has gone live.
 */
export function createCourseFees(content: Pick<ContentRepository, 'latestId' | 'latest'>, starting = startingFees) {
  let cached: { id: string; feeOf: FeeOf } | undefined;
  return async function current(now = new Date()): Promise<FeeOf> {
    const id = await content.latestId(now);
    if (cached && cached.id === id) return cached.feeOf;
    const live = id === undefined ? undefined : await content.latest(now);
    if (!live) return lookUp(starting);
    const parsed = feesOfDocument.safeParse(JSON.parse(live.document));
    const fees = parsed.success
      ? Object.fromEntries(parsed.data.institute.courses.map((course) => [course.slug, course.fees.amount]))
      : starting;
    cached = { id: live.id, feeOf: lookUp(fees) };
    return cached.feeOf;
  };
}

export type CourseFees = ReturnType<typeof createCourseFees>;
