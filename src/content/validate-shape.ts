/** Compares one language's copy with the English copy's shape (validate.ts). */
const kind = (value: unknown) => (Array.isArray(value) ? 'list' : value === null ? 'null' : typeof value);

/**
 * Where `other` is not shaped like `reference`: a key missing or extra, a list of
 * another length, a text where a list should be. Words may differ; shape may not.
 */
export function compareShape(reference: unknown, other: unknown, path: string, problems: string[] = []): string[] {
  if (kind(reference) !== kind(other)) {
    problems.push(
      `${path}: is ${other === undefined ? 'missing' : `a ${kind(other)}`}, English has a ${kind(reference)}`,
    );
    return problems;
  }
  if (Array.isArray(reference) && Array.isArray(other)) {
    if (reference.length !== other.length) {
      problems.push(`${path}: has ${other.length} entries, English has ${reference.length}`);
    }
    reference.forEach((item, i) => {
      if (i < other.length) compareShape(item, other[i], `${path}[${i}]`, problems);
    });
  } else if (kind(reference) === 'object') {
    const ref = reference as Record<string, unknown>;
    const oth = other as Record<string, unknown>;
    for (const key of Object.keys(ref)) compareShape(ref[key], oth[key], `${path}.${key}`, problems);
    for (const key of Object.keys(oth)) if (!(key in ref)) problems.push(`${path}.${key}: not in the English copy`);
  }
  return problems;
}
