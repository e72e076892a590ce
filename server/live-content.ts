/**
 * One fact of the live content (a part of its document), as the server reads it: the starting
 * content's before any version is published or in a version published before that part existed;
 * parsed again only when another version has gone live.
 */
import type { z } from 'zod';
import type { ContentRepository } from './db/content-repository';

export function liveContentPart<Part>(
  content: Pick<ContentRepository, 'latestId' | 'latest'>,
  /** Reads the part from a stored document; undefined when the document has none. */
  partOf: z.ZodType<Part | undefined>,
  starting: Part,
) {
  let cached: { id: string; part: Part } | undefined;
  return async function current(now = new Date()): Promise<Part> {
    const id = await content.latestId(now);
    if (cached && cached.id === id) return cached.part;
    const live = id === undefined ? undefined : await content.latest(now);
    if (!live) return starting;
    const parsed = partOf.safeParse(JSON.parse(live.document));
    const part = (parsed.success ? parsed.data : undefined) ?? starting;
    cached = { id: live.id, part };
    return part;
  };
}
