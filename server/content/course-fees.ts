/**
 * What each course costs, as the live content says: the fee an enrolment is worth to the ads
 * (server/delivery/meta-stages.ts, the Google Ads export) and on the dashboard. The live version
 * is the one the pages show (content_versions, server/db/content-repository.ts); before any is
 * published, the starting content's (src/content/institute.ts, through server-words.ts).
 *
 * The fee is `fees.amount`: the course's fee for the period it names (`per`: the whole course,
 * or a year of a two-year course). A yearly fee counts one year, what the family pays when it
 * enrols, though the pages show the whole programme's total (`fees.years`, src/content/fees.ts).
 */
import { z } from 'zod';
import { text } from '../../shared/schema/text';
import { startingFacts } from '../../src/content/server-words';
import type { ContentRepository } from '../db/content-repository';

/** A course's fee in rupees (undefined: no such course). */
export type FeeOf = (course: string) => number | undefined;

/** The only part of a published document read here; the rest was checked when it was published. */
const factsOfDocument = z.object({
  institute: z.object({
    courses: z.array(
      z.object({
        slug: text(),
        fees: z.object({ amount: z.number().int().nonnegative(), per: z.enum(['year', 'course']).optional() }),
        batches: z.array(z.object({ starts: text() })),
      }),
    ),
  }),
});

/** A course's fee and the period it covers, and the batches' start dates (YYYY-MM-DD, as the content lists them). */
type Facts = Record<string, { fee: number; per?: 'year' | 'course'; starts: string[] }>;

/** The period a course's fee covers (undefined: no such course, or content that does not say). */
export type FeePeriodOf = (course: string) => 'year' | 'course' | undefined;

const feeLookUp =
  (facts: Facts): FeeOf =>
  (course) =>
    Object.hasOwn(facts, course) ? facts[course]?.fee : undefined;

/** The first batch of a course starting on or after `today` (YYYY-MM-DD), as the pages say "next batch". */
export type NextBatchOf = (course: string, today: string) => string | undefined;
const nextBatchLookUp =
  (facts: Facts): NextBatchOf =>
  (course, today) =>
    (Object.hasOwn(facts, course) ? facts[course]?.starts : [])?.filter((starts) => starts >= today).sort()[0];

export type CourseFacts = { feeOf: FeeOf; feePeriodOf: FeePeriodOf; nextBatchOf: NextBatchOf };

/**
 * The facts of the live content, read when asked (a publication changes them at once, on every
 * instance); the document is parsed again only when another version has gone live.
 */
export function createCourseFacts(content: Pick<ContentRepository, 'latestId' | 'latest'>, starting = startingFacts) {
  let cached: { id: string; facts: CourseFacts } | undefined;
  const of = (facts: Facts): CourseFacts => ({
    feeOf: feeLookUp(facts),
    feePeriodOf: (course) => (Object.hasOwn(facts, course) ? facts[course]?.per : undefined),
    nextBatchOf: nextBatchLookUp(facts),
  });
  return async function current(now = new Date()): Promise<CourseFacts> {
    const id = await content.latestId(now);
    if (cached && cached.id === id) return cached.facts;
    const live = id === undefined ? undefined : await content.latest(now);
    if (!live) return of(starting);
    const parsed = factsOfDocument.safeParse(JSON.parse(live.document));
    const facts = parsed.success
      ? Object.fromEntries(
          parsed.data.institute.courses.map((course) => [
            course.slug,
            { fee: course.fees.amount, per: course.fees.per, starts: course.batches.map((batch) => batch.starts) },
          ]),
        )
      : starting;
    cached = { id: live.id, facts: of(facts) };
    return cached.facts;
  };
}

export type CurrentCourseFacts = ReturnType<typeof createCourseFacts>;
