/**
 * Parses every content file with its schema before the build, so a missing or
 * malformed field stops the build with a readable list instead of shipping a
 * broken page. (The files are also type-checked with `satisfies`.)
 */
import { courseSlugs } from '../src/config/paths';
import { validateContent } from '../src/content/validate';

const problems = validateContent();
if (problems.length > 0) {
  console.error(`Content check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Content check passed: site, ${courseSlugs.length} courses, pages.`);
