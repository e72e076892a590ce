/**
 * An editor's draft carried onto a newer live version (issue 40): the changes the draft made to
 * the version it was started from (`base`) are replayed onto the newer one (`theirs`), so a
 * publication by someone else never blocks a draft. Only a value both changed, to different
 * things, is a conflict: it is listed with both values, and `choose` says which stands (the
 * live one until the editor decides). Lists of things with ids (courses by slug, batches,
 * instalments, notices) are merged item by item, as content-changes.ts compares them; a plain
 * list (a course's points, a page's paragraphs) is one value.
 */
import { isObject, keyOf, type Json } from './content-changes';

export type MergeConflict = {
  /** Where the value is (keys, and ids in lists of things with ids), as content-changes.ts gives it. */
  path: string[];
  base: Json | undefined;
  mine: Json | undefined;
  theirs: Json | undefined;
};

export type Choice = 'mine' | 'theirs';

/** A conflict's key, for the choices made on it. */
export const conflictKey = (path: readonly string[]) => path.join('\u0000');

export type Merged<Document = Json> = {
  /** Of the documents' own shape: a merge keeps the keys and values the two have. */
  document: Document | undefined;
  /** Every value both changed: each stands as chosen (theirs when no choice is given). */
  conflicts: MergeConflict[];
};

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && same(a[key], b[key]));
  }
  return false;
}

const keyedList = (value: unknown): value is Json[] =>
  Array.isArray(value) && value.every((item) => keyOf(item) !== undefined);
const byKey = (list: Json[] | undefined) => new Map((list ?? []).map((item) => [keyOf(item) as string, item]));

/** The keys of the merged list, in order: mine's order when theirs kept the base's, else theirs' with mine's additions after their neighbours. */
function listOrder(base: string[], mine: string[], theirs: string[]): string[] {
  if (same(theirs, base)) return [...mine, ...theirs.filter((key) => !mine.includes(key))];
  const order = [...theirs];
  for (const [index, key] of mine.entries()) {
    if (order.includes(key) || base.includes(key)) continue;
    const before = mine
      .slice(0, index)
      .reverse()
      .find((other) => order.includes(other));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, key);
  }
  return order;
}

function merge(
  base: Json | undefined,
  mine: Json | undefined,
  theirs: Json | undefined,
  path: string[],
  choose: (path: string[]) => Choice | undefined,
  conflicts: MergeConflict[],
): Json | undefined {
  if (same(mine, theirs) || same(theirs, base)) return mine;
  if (same(mine, base)) return theirs;
  if (isObject(mine) && isObject(theirs) && (base === undefined || isObject(base))) {
    const result: Record<string, Json> = {};
    const keys = [...new Set([...Object.keys(theirs), ...Object.keys(mine)])];
    for (const key of keys) {
      const value = merge(base?.[key], mine[key], theirs[key], [...path, key], choose, conflicts);
      if (value !== undefined) result[key] = value;
    }
    return result;
  }
  if (keyedList(mine) && keyedList(theirs) && (base === undefined || keyedList(base))) {
    const [b, m, t] = [byKey(base), byKey(mine), byKey(theirs)];
    const result: Json[] = [];
    for (const key of listOrder([...b.keys()], [...m.keys()], [...t.keys()])) {
      const value = merge(b.get(key), m.get(key), t.get(key), [...path, key], choose, conflicts);
      if (value !== undefined) result.push(value);
    }
    return result;
  }
  conflicts.push({ path, base, mine, theirs });
  return choose(path) === 'mine' ? mine : theirs;
}

/**
 * `mine` (a draft made from `base`) with its changes replayed onto `theirs` (a newer version).
 * `choices` settles the values both changed, by conflictKey(path); one it does not name stands
 * as `otherwise` says (the live one, until the editor decides).
 */
export function mergeContent<Document = Json>(
  base: unknown,
  mine: Document,
  theirs: Document,
  choices: ReadonlyMap<string, Choice> = new Map(),
  otherwise: Choice = 'theirs',
): Merged<Document> {
  const conflicts: MergeConflict[] = [];
  const document = merge(
    base as Json,
    mine as Json,
    theirs as Json,
    [],
    (path) => choices.get(conflictKey(path)) ?? otherwise,
    conflicts,
  );
  return { document: document as Document | undefined, conflicts };
}
