/**
 * The change an editor makes in the tests and benchmarks that publish one: the JEE course's fee
 * set to `amount`, its last instalment making up the difference (so the content check passes).
 */
import type { SiteContent } from '../../src/content/site-content';

export function withJeeFee(content: SiteContent, amount: number): SiteContent {
  const changed = structuredClone(content);
  const jee = changed.institute.courses.find((course) => course.slug === 'jee');
  const last = jee?.fees.instalments.at(-1);
  if (!jee || !last) throw new Error('The content has no JEE course with instalments');
  last.amount += amount - jee.fees.amount;
  jee.fees.amount = amount;
  return changed;
}
