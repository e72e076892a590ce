/**
 * One fact of the live content (a part of its document), as the server reads it: the starting
 * content's before any version is published; else the live version's, upgraded to today's schema
 * (src/content/upgrades/) as the pages are made from it; parsed again only when another version
 * has gone live.
 */
import type { z } from 'zod';
import { startingDocument, upgradeContent } from '../../src/content/server-words';
import type { ContentRepository } from '../db/content-repository';

export function liveContentPart<Part>(
  content: Pick<ContentRepository, 'latestId' | 'latest'>,
  /** Reads the part from a document at today's schema version. */
  partOf: z.ZodType<Part>,
  starting: Part,
) {
  let cached: { id: string; part: Part } | undefined;
  return async function current(now = new Date()): Promise<Part> {
    const id = await content.latestId(now);
    if (cached && cached.id === id) return cached.part;
    const live = id === undefined ? undefined : await content.latest(now);
    if (!live) return starting;
    const parsed = partOf.safeParse(upgradeContent(JSON.parse(live.document), startingDocument));
    // Never met: a version is checked against today's schema when it is published, and upgraded since.
    if (!parsed.success) throw new Error(`The live content (${live.id}) does not read: ${parsed.error.message}`);
    const part = parsed.data;
    cached = { id: live.id, part };
    return part;
  };
}
