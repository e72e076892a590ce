/** axe-core with every rule on: the one way the browser tests check a page's accessibility. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One line per failing node: rule, impact, target, and what axe says to fix. */
function summarize(violations: AxeResults['violations']): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `[${violation.impact ?? 'unknown'}] ${violation.id}: ${node.target.join(' ')}\n    ${violation.help} ` +
          `(${violation.helpUrl})\n    ${node.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`,
      ),
    )
    .join('\n');
}

/**
 * axe finds nothing on the page as it is now, and really looked at it. Every page is checked by
 * one `axe.run` in it, which reaches into the page's frames itself (axe's "legacy" mode): the
 * default mode opens a new tab to put the frames' results together, which on this machine cost
 * about as much processor as the analysis itself (a course page: 1.2 s, against 0.64 s; the
 * desk's course page with its preview shown: 4.6 s, against 2.6 s). Tried on that preview with an
 * image without a description put into it: both modes named it, inside the frame.
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  expect(results.violations, `axe violations on ${page.url()}:\n${summarize(results.violations)}`).toEqual([]);
  expect(results.passes.length).toBeGreaterThan(10);
}
