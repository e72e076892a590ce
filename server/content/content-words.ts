/**
 * A stored version of the content as the server serves and the editor opens it: upgraded to
 * today's schema (src/content/upgrades/) and with the operator's facts as the code says them.
 */
import { operatorFacts, upgradeContent } from '../../src/content/server-words';

type Words = { [key: string]: unknown };

const isWords = (value: unknown): value is Words =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `document` (a version as stored, or the starting content) as the pages are made from it and the editor opens it. */
export const asServed = (document: unknown, starting: unknown): unknown =>
  withOperatorFacts(upgradeContent(document, starting), starting);

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
