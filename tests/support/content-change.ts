/**
 * The change an editor makes in the tests and benchmarks that publish one: the JEE course's fee
 * set to `amount`, the last instalment of each year making up the difference (so the content
 * check passes: each year's instalments add up to the fee).
 */
import type { SiteContent } from '../../src/content/site-content';

export function withJeeFee(content: SiteContent, amount: number): SiteContent {
  const changed = structuredClone(content);
  const jee = changed.institute.courses.find((course) => course.slug === 'jee');
  if (!jee || jee.fees.instalments.length === 0) throw new Error('The content has no JEE course with instalments');
  for (const year of new Set(jee.fees.instalments.map((instalment) => instalment.year ?? 1))) {
    const last = jee.fees.instalments.filter((instalment) => (instalment.year ?? 1) === year).at(-1);
    if (last) last.amount += amount - jee.fees.amount;
  }
  jee.fees.amount = amount;
  return changed;
}
