/**
 * The scholarship's description as the live content gives it (institute.scholarship,
 * shared/scholarship.ts): the band table a counsellor's marks are read by, the same one the pages
 * promise from; the starting content's before any version is published. Parsed again only when
 * another version has gone live.
 */
import { z } from 'zod';
import { type Scholarship, scholarshipSchema } from '../../shared/schema/scholarship';
import { startingScholarship } from '../../src/content/server-words';
import type { ContentRepository } from '../db/content-repository';
import { liveContentPart } from '../content/live-content';

/** The description in a document. */
const scholarshipOfDocument = z
  .object({ institute: z.object({ scholarship: scholarshipSchema }) })
  .transform((document) => document.institute.scholarship);

export function createScholarship(
  content: Pick<ContentRepository, 'latestId' | 'latest'>,
  starting: Scholarship = startingScholarship,
) {
  return liveContentPart(content, scholarshipOfDocument, starting);
}

export type CurrentScholarship = ReturnType<typeof createScholarship>;
