/**
 * The scholarship's description as the live content gives it (institute.scholarship,
 * shared/scholarship.ts): the band table a counsellor's marks are read by, the same one the pages
 * promise from. Before any version is published, or in one published before the description
 * existed, the starting content's. Parsed again only when another version has gone live.
 */
import { z } from 'zod';
import { type Scholarship, scholarshipSchema } from '../shared/schema/scholarship';
import { startingScholarship } from '../src/content/server-words';
import type { ContentRepository } from './db/content-repository';

const scholarshipOfDocument = z.object({ institute: z.object({ scholarship: scholarshipSchema.optional() }) });

export function createScholarship(
  content: Pick<ContentRepository, 'latestId' | 'latest'>,
  starting: Scholarship | undefined = startingScholarship,
) {
  if (!starting) throw new Error('The starting content has no scholarship (src/content/institute.ts).');
  const initial = starting;
  let cached: { id: string; scholarship: Scholarship } | undefined;
  return async function current(now = new Date()): Promise<Scholarship> {
    const id = await content.latestId(now);
    if (cached && cached.id === id) return cached.scholarship;
    const live = id === undefined ? undefined : await content.latest(now);
    if (!live) return initial;
    const parsed = scholarshipOfDocument.safeParse(JSON.parse(live.document));
    const scholarship = (parsed.success ? parsed.data.institute.scholarship : undefined) ?? initial;
    cached = { id: live.id, scholarship };
    return scholarship;
  };
}

export type CurrentScholarship = ReturnType<typeof createScholarship>;
