/**
 * Parses the facts and every language's copy before the build, so a missing,
 * malformed or misshapen entry stops the build with a readable list of paths
 * instead of shipping a broken page. (The files are also type-checked.)
 */
import { languages } from '../shared/languages';
import { courseSlugs } from '../shared/courses';
import { validateContent, validateWordsOutsideCopy } from '../src/content/validate';

// The pages' copy and facts, then the rest of what a family receives: the server's words (emails,
// admit card, answers) and the desk's WhatsApp and SMS messages.
const problems = [...validateContent(), ...validateWordsOutsideCopy()];
if (problems.length > 0) {
  console.error(`Content check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `Content check passed: ${languages.join(', ')}; ${courseSlugs.length} courses, pages, form, events, the server's words and the desk's messages.`,
);
