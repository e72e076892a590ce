/**
 * What changed between two versions of the site's content, as a list an editor can read:
 * each changed value with where it is (`institute › courses › jee › fees › amount`) and its
 * value before and after. A list of things with ids (courses by slug, batches, instalments,
 * notices by id) is compared by id, so adding one batch is one change, not every one after it.
 */

export type ContentChange = {
  /** Where the value is, from the top of the content (keys, ids, or positions in a plain list). */
  path: string[];
  /** The value before and after, as text (undefined: it was not there). */
  before: string | undefined;
  after: string | undefined;
};

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The name a list item is known by: its id or slug, when every item of both lists has one. */
export function keyOf(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  const key = item.id ?? item.slug;
  return typeof key === 'string' ? key : undefined;
}

export const shown = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

function* leaves(value: unknown, path: string[], side: 'before' | 'after'): Generator<ContentChange> {
  if (isObject(value) || Array.isArray(value)) {
    for (const [key, item] of entries(value)) yield* leaves(item, [...path, key], side);
  } else {
    yield {
      path,
      before: side === 'before' ? shown(value) : undefined,
      after: side === 'after' ? shown(value) : undefined,
    };
  }
}

function entries(value: Json[] | Record<string, Json>): [string, Json][] {
  if (!Array.isArray(value)) return Object.entries(value);
  const keyed = value.every((item) => keyOf(item) !== undefined);
  return value.map((item, index) => [keyed ? (keyOf(item) as string) : String(index + 1), item]);
}

export function contentChanges(before: unknown, after: unknown, path: string[] = []): ContentChange[] {
  const bothLists = Array.isArray(before) && Array.isArray(after);
  const bothObjects = isObject(before) && isObject(after);
  if (!bothLists && !bothObjects) {
    if (JSON.stringify(before) === JSON.stringify(after)) return [];
    if (before === undefined) return [...leaves(after, path, 'after')];
    if (after === undefined) return [...leaves(before, path, 'before')];
    if ([before, after].some((value) => isObject(value) || Array.isArray(value))) {
      return [...leaves(before, path, 'before'), ...leaves(after, path, 'after')];
    }
    return [{ path, before: shown(before), after: shown(after) }];
  }
  const old = new Map(entries(before as Json[] | Record<string, Json>));
  const now = new Map(entries(after as Json[] | Record<string, Json>));
  const keys = [...new Set([...old.keys(), ...now.keys()])];
  return keys.flatMap((key) => contentChanges(old.get(key), now.get(key), [...path, key]));
}
