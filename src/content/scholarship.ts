/**
 * The scholarship as the pages say it, from its one description (institute.scholarship,
 * shared/scholarship.ts): the range every page promises, the courses and classes it is for, and
 * the band table. Any text of the content may say {scholarshipRange}, {scholarshipFeePart},
 * {scholarshipCourses} and {scholarshipClasses}; page-data.ts fills them in here for every page,
 * so no page types a percentage of its own. Read at build time and by the server, never in the
 * browser.
 */
import { fill } from '../../shared/format';
import { type Language, languageInfo } from '../../shared/languages';
import { scholarshipRange } from '../../shared/scholarship';
import type { Copy, Institute } from './schema';

/** The placeholders any text may use, and what each says in this language. */
export const scholarshipPlaceholders = [
  'scholarshipRange',
  'scholarshipFeePart',
  'scholarshipCourses',
  'scholarshipClasses',
] as const;

/** What the placeholders say in a language, from the description. */
export function scholarshipValues(institute: Institute, words: Copy, language: Language) {
  const { scholarship } = institute;
  const said = words.scholarship;
  const range = scholarshipRange(scholarship);
  const tag = languageInfo[language].tag;
  const list = (type: 'conjunction' | 'disjunction', items: string[]) =>
    new Intl.ListFormat(tag, { type }).format(items);
  return {
    scholarshipRange: range ? fill(said.range, { min: range.min, max: range.max }) : '',
    scholarshipFeePart: said.feePart,
    scholarshipCourses: list(
      'disjunction',
      scholarship.courses.map((slug) => words.courses[slug].shortName),
    ),
    scholarshipClasses: list(
      'conjunction',
      scholarship.classes.map((level) => words.form.classLevels[level]),
    ),
  } satisfies Record<(typeof scholarshipPlaceholders)[number], string>;
}

/** Every text in `value` with the scholarship's placeholders filled in (other placeholders stay as they are). */
export function fillAll<T>(value: T, values: Record<string, string>): T {
  if (typeof value === 'string') return fill(value, values) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillAll(item, values)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillAll(item, values)])) as T;
  return value;
}

/** A language's words with the scholarship said from the facts. */
export const withScholarship = (institute: Institute, words: Copy, language: Language): Copy =>
  fillAll(words, scholarshipValues(institute, words, language));

/** The band table as the test's page shows it: each band's marks and what it earns, the highest first. */
export function scholarshipBands(institute: Institute, words: Copy) {
  const { scholarship } = institute;
  const said = words.scholarship;
  const bands = [...scholarship.bands].sort((a, b) => b.from - a.from);
  return {
    heading: said.bandsHeading,
    marks: fill(said.marks, { max: scholarship.maxMarks }),
    percent: said.percent,
    rows: bands.map((band, i) => {
      const above = bands[i - 1];
      return {
        marks: above ? fill(said.band, { from: band.from, to: above.from }) : fill(said.topBand, { from: band.from }),
        off: fill(said.off, { percent: band.percent }),
      };
    }),
  };
}
