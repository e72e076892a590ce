/**
 * Words the site has gained since a version was published (issue 27 added the events' words in
 * steps: the registrant's reminder, the emails). A version published between two such steps has
 * the events' words without the newer keys, which the content check then asks for at the next
 * publication, at a field the editor's pages do not show. The desk's editor opens such a version
 * with those keys filled in from the starting content, so publishing it just works and the
 * editor sees (in the versions' changes) what was added.
 *
 * Only the sections named here, whose keys the schema fixes: elsewhere (a notice's words, keyed
 * by the notice's id) a key missing means the editor took it out.
 */
import { operatorFacts } from '../src/content/server-words';

type Words = { [key: string]: unknown };

const isWords = (value: unknown): value is Words =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `stored` with every key `starting` has and it lacks, at any depth (lists are taken whole). */
function withMissing(stored: Words, starting: Words): Words {
  const result: Words = { ...stored };
  for (const [key, value] of Object.entries(starting)) {
    const own = stored[key];
    if (own === undefined) result[key] = value;
    else if (isWords(own) && isWords(value)) result[key] = withMissing(own, value);
  }
  return result;
}

/**
 * Optional parts a version published before them lacks, which the pages and the server then read
 * from the starting content (the scholarship's description and its words): the editor opens such
 * a version with them filled in, so what the editor sees is what the pages say.
 */
const READ_FROM_STARTING = { institute: ['scholarship'], copy: ['scholarship'] } as const;

/** The sections of each language's words that grow by keys the schema requires. */
const GROWING = ['events'] as const;

export function withNewWords(document: unknown, starting: unknown): unknown {
  if (!isWords(document) || !isWords(starting) || !isWords(document.copy) || !isWords(starting.copy)) return document;
  const copy: Words = { ...document.copy };
  for (const [language, words] of Object.entries(document.copy)) {
    const from = starting.copy[language];
    if (!isWords(words) || !isWords(from)) continue;
    const grown: Words = { ...words };
    for (const section of GROWING) {
      const own = words[section];
      const theirs = from[section];
      // A version without the section at all is read with the starting one's (src/content/events.ts).
      if (isWords(own) && isWords(theirs)) grown[section] = withMissing(own, theirs);
    }
    // A section the pages read from the starting content when a version has none (the scholarship's
    // words, src/content/scholarship.ts): the editor opens it filled in, to see and change.
    for (const section of READ_FROM_STARTING.copy) if (words[section] === undefined) grown[section] = from[section];
    copy[language] = grown;
  }
  const institute = document.institute;
  const startingInstitute = starting.institute;
  if (!isWords(institute) || !isWords(startingInstitute)) return { ...document, copy };
  const facts: Words = { ...institute };
  for (const key of READ_FROM_STARTING.institute) if (facts[key] === undefined) facts[key] = startingInstitute[key];
  return { ...document, institute: facts, copy };
}

/**
 * A stored version with the operator's facts (src/content/schema.ts, operatorFacts) as the code
 * says them: what the pages are made from and what the editor opens, so a version stored with
 * another origin (or before the code changed its own) neither moves the site nor blocks the
 * editor's next publication.
 */
export function withOperatorFacts(document: unknown, starting: unknown): unknown {
  if (!isWords(document) || !isWords(starting) || !isWords(document.institute) || !isWords(starting.institute))
    return document;
  const institute: Words = { ...document.institute };
  for (const name of operatorFacts) institute[name] = starting.institute[name];
  return { ...document, institute };
}
