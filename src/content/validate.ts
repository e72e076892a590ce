/**
 * The checks the build runs on the content (scripts/check-content.ts) and the unit
 * tests repeat: the facts and every language's copy against their schemas, every
 * language's copy against the English one's shape, and the rules a schema cannot
 * see. Imported by no page, so zod's content schemas never reach the browser.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { type PhotoUse, photoFolder } from '../config/photos';
import { courseSlugs } from '../../shared/courses';
import { localDate } from '../../shared/institute-calendar';
import { type Language, languages } from '../../shared/languages';
import { copy } from './copy';
import { type Glossary, glossary as siteGlossary, names as siteNames } from './glossary';
import { institute as instituteFacts } from './institute';
import { batchDateUnknown, feePeriod, type MessageTemplate, messageTemplates } from './message-templates';
import { type Copy, copySchema, type Institute, instituteSchema, operatorFacts } from './schema';
import { type ServerWords, serverWords } from './server-words';
import { compareShape } from './validate-shape';
import { refundOf } from './refunds';
import { pageWordsShape } from './pages';
import { countsStudents } from './results';

type Problems = string[];
export { compareShape };

function check(problems: Problems, name: string, schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) problems.push(`${name}.${issue.path.join('.')}: ${issue.message}`);
  }
}

/** Words that claim a result: a rank, a percentile or a score. */
/** A language's copy: the words many pages share, and each page's own (src/content/pages/). */
const copyWithPagesSchema = copySchema.extend(pageWordsShape);

const RESULT_CLAIM = /\b(AIR|rank|ranks|percentile|scored?)\b|रैंक|पर्सेंटाइल|स्कोर/i;

/** Every photograph the facts name: its file, and where each language's alt text for it is. */
function photosNamed(institute: Institute) {
  return [
    ...Object.entries(institute.teacherPortraits).map(([id, file]) => ({
      use: 'portrait' as PhotoUse,
      file,
      name: `institute.teacherPortraits.${id}`,
      altPath: `teachers.${id}.portraitAlt`,
      alt: (words: Copy) => words.teachers[id]?.portraitAlt,
    })),
    ...Object.entries(institute.testimonialPhotos).map(([id, file]) => ({
      use: 'student' as PhotoUse,
      file,
      name: `institute.testimonialPhotos.${id}`,
      altPath: `testimonials.${id}.photoAlt`,
      alt: (words: Copy) => words.testimonials[id]?.photoAlt,
    })),
    ...(institute.heroPhoto
      ? [
          {
            use: 'hero' as PhotoUse,
            file: institute.heroPhoto,
            name: 'institute.heroPhoto',
            altPath: 'home.hero.photoAlt',
            alt: (words: Copy) => words.home.hero.photoAlt,
          },
        ]
      : []),
  ];
}

/**
 * A named photograph's file must be in its use's folder (the build would stop on it later, less
 * clearly). An uploaded one is in the database: the server checks it is there when it is published.
 */
function checkPhotoFiles(problems: Problems, institute: Institute, root: string) {
  for (const photo of photosNamed(institute)) {
    if (typeof photo.file !== 'string') continue;
    const path = `${photoFolder(photo.use)}/${photo.file}`;
    if (!existsSync(join(root, path))) {
      problems.push(`${photo.name}: ${path} does not exist`);
    }
  }
}

/** The rules between facts and words that no single schema sees. */
function crossCheck(problems: Problems, institute: Institute, language: Language, words: Copy) {
  // A testimonial that claims a result must state it in full (exam, year, rank, course, months, paid or free).
  for (const [id, testimonial] of Object.entries(words.testimonials)) {
    const claim = [testimonial.quote, testimonial.detail].find((text) => RESULT_CLAIM.test(text));
    if (claim && !institute.testimonialResults[id as keyof Institute['testimonialResults']]) {
      problems.push(
        `${language}.testimonials.${id}: claims a result ("${RESULT_CLAIM.exec(claim)?.[0]}") without institute.testimonialResults.${id} (exam, year, rank, course, months, paid)`,
      );
    }
  }
  for (const photo of photosNamed(institute)) {
    if (!photo.alt(words))
      problems.push(`${language}.${photo.altPath}: ${photo.name} names a photo, so it needs alt text`);
  }

  // A title (and body, if any) for each notice by its id, and none for a notice not in the facts.
  problems.push(...wordsForFacts(`${language}.notices`, institute.notices, words.notices, 'titles', 'notices'));

  // Every teacher and testimonial the facts show has its words, by id (staff add them in the desk).
  const named = (what: 'teachers' | 'testimonials', path: string, ids: readonly string[]) => {
    for (const id of ids.filter((each) => !(each in words[what]))) {
      problems.push(`${path}: ${id} has no words in ${language}.${what}`);
    }
    if (new Set(ids).size !== ids.length) problems.push(`${path}: names the same one twice`);
  };
  named('teachers', 'institute.aboutTeachers', institute.aboutTeachers);
  named('teachers', 'institute.teacherPortraits', Object.keys(institute.teacherPortraits));
  named('testimonials', 'institute.homeTestimonials', institute.homeTestimonials);
  named('testimonials', 'institute.testimonialResults', Object.keys(institute.testimonialResults));
  named('testimonials', 'institute.testimonialPhotos', Object.keys(institute.testimonialPhotos));
  named('testimonials', 'institute.testimonialConsents', Object.keys(institute.testimonialConsents));
  for (const course of institute.courses) {
    named('teachers', `institute.courses.${course.slug}.teachers`, course.teachers);
    named('testimonials', `institute.courses.${course.slug}.testimonials`, course.testimonials);
  }

  const slugs = institute.courses.map((course) => course.slug);
  if (slugs.join() !== courseSlugs.join()) {
    problems.push(`institute.courses: expected one course per route in this order: ${courseSlugs.join(', ')}`);
  }
  for (const course of institute.courses) {
    // Each year's instalments add up to the fee (a fee for the whole course: one year's).
    const years = course.fees.per === 'year' ? (course.fees.years ?? 1) : 1;
    for (let year = 1; year <= Math.max(years, ...course.fees.instalments.map((each) => each.year ?? 1)); year++) {
      const sum = course.fees.instalments
        .filter((instalment) => (instalment.year ?? 1) === year)
        .reduce((total, instalment) => total + instalment.amount, 0);
      if (year > years) {
        problems.push(
          `institute.courses.${course.slug}.fees: an instalment is in year ${year}, but the course runs ${years} year${years > 1 ? 's' : ''}`,
        );
      } else if (sum !== course.fees.amount && (year === 1 || sum > 0)) {
        problems.push(
          `institute.courses.${course.slug}.fees: instalments add up to ${sum}${year > 1 ? ` in year ${year}` : ''}, not the fee ${course.fees.amount}`,
        );
      }
    }
    const c = words.courses[course.slug];
    // A result that counts students ("131") counts some of those who sat: never more.
    if (course.cohort) {
      for (const [index, stat] of c.results.entries()) {
        if (countsStudents(stat.figure) && Number(stat.figure) > course.cohort.sat)
          problems.push(
            `${language}.courses.${course.slug}.results.${index}.figure: ${stat.figure} is more than the ${course.cohort.sat} who sat (institute.courses.${course.slug}.cohort)`,
          );
      }
      if (!c.resultsOf)
        problems.push(
          `${language}.courses.${course.slug}.resultsOf: the facts say who sat, so say it ("of {sat} who sat …")`,
        );
    }
    if (course.fees.school && !c.fees.school)
      problems.push(`${language}.courses.${course.slug}.fees.school: the facts give a school fee, so name the school`);
    problems.push(
      ...wordsForFacts(`${language}.courses.${course.slug}.batches`, course.batches, c.batches, 'names', 'batches'),
      ...wordsForFacts(
        `${language}.courses.${course.slug}.fees.instalments`,
        course.fees.instalments,
        c.fees.instalments,
        'labels',
        'instalments',
      ),
    );
  }
}

/**
 * A testimonial that names a student with a result, or shows their photo, is published only with
 * the written consent India's 2024 guidelines on coaching advertisements ask for: signed after the
 * result, by the student or (for a student under 18) a parent or guardian, dated and scanned
 * (institute.testimonialConsents). Said in an editor's words, naming the testimonial: what is
 * missing at the consent, a wrong date or signer at its field. A made-up student of the sample
 * content needs none while the site says its names are sample data. `today`: the institute's date.
 */
function checkConsents(problems: Problems, institute: Institute, words: Copy, today: string) {
  const ids = new Set([...Object.keys(institute.testimonialResults), ...Object.keys(institute.testimonialPhotos)]);
  for (const id of ids) {
    const result = institute.testimonialResults[id];
    const consent = institute.testimonialConsents[id];
    const path = `institute.testimonialConsents.${id}`;
    const who = `${words.testimonials[id]?.name || id}'s testimonial`;
    if (consent?.sample) {
      if (!institute.sampleData)
        problems.push(
          `${path}: ${who} is marked as a made-up student of the sample content, but the site no longer says its names are sample data: give the real student's written consent (the day it was signed, who signed it, the scan).`,
        );
      continue;
    }
    const shows = [
      result && `states a ${result.exam} ${result.year} result`,
      id in institute.testimonialPhotos && "shows the student's photo",
    ].filter(Boolean);
    const missing = [
      !consent?.date && 'the day it was signed',
      !consent?.by && 'who signed it (the student, or a parent or guardian)',
      !consent?.scan && 'the scan of the signed form',
    ].filter((part): part is string => typeof part === 'string');
    if (missing.length > 0)
      problems.push(
        `${path}: ${who} ${shows.join(' and ')}, so it cannot be published without the student's written consent (a parent's or guardian's for a student under 18), signed after the result. Missing: ${missing.join(', ')}.`,
      );
    if (consent?.date && consent.date > today)
      problems.push(
        `${path}.date: ${who}: the consent is dated ${consent.date}, which is after today (${today}). Give the day the form was signed.`,
      );
    if (consent?.date && result && Number(consent.date.slice(0, 4)) < result.year)
      problems.push(
        `${path}.date: ${who}: the consent is dated ${consent.date}, before the ${result.exam} ${result.year} result it agrees to show. Consent to show a result is given after the result.`,
      );
    if (consent?.minor && consent.by === 'student')
      problems.push(
        `${path}.by: ${who}: the student was under 18 when the form was signed, so a parent or guardian signs it, not the student.`,
      );
  }
}

/**
 * The scholarship is described once (institute.scholarship): a session of the test may be only for
 * the classes and courses it covers (a family would otherwise book a test that can earn nothing),
 * and a course's words may promise its range only where it lowers that course's fee.
 */
function checkScholarship(problems: Problems, institute: Institute, words: Record<Language, Copy>) {
  const { scholarship, eventSessions: sessions } = institute;
  for (const [index, session] of sessions.entries()) {
    if (session.type !== 'scholarship-test') continue;
    const classes = session.classes.filter((level) => !scholarship.classes.includes(level));
    const courses = session.courses.filter((slug) => !scholarship.courses.includes(slug));
    if (classes.length > 0)
      problems.push(
        `institute.eventSessions.${index} (${session.id}): classes ${classes.join(', ')} may not sit the scholarship test (institute.scholarship.classes)`,
      );
    if (courses.length > 0)
      problems.push(
        `institute.eventSessions.${index} (${session.id}): the scholarship does not lower the fee of ${courses.join(', ')} (institute.scholarship.courses)`,
      );
  }
  for (const language of languages) {
    for (const slug of courseSlugs.filter((each) => !scholarship.courses.includes(each))) {
      for (const [path, text] of stringsOf(words[language].courses[slug], `${language}.courses.${slug}`)) {
        if (text.includes('{scholarshipRange}'))
          problems.push(`${path}: promises the scholarship, which is not for ${slug} (institute.scholarship.courses)`);
      }
    }
  }
}

/**
 * Money said once: a course's admission charge is part of its first instalment (paid at admission)
 * and kept on a refund, so it is less than that instalment, or the worked example would refund nothing.
 */
function checkMoney(problems: Problems, institute: Institute) {
  for (const [index, course] of institute.courses.entries()) {
    const { charge, paid } = refundOf(course);
    if (charge >= paid)
      problems.push(
        `institute.courses.${index}.fees.admissionCharge: ${charge} is part of the first instalment, so less than its ${paid}`,
      );
  }
}

/**
 * A percentage range or a ceiling ("10% to 50%", "up to 30%", "30% तक") is the scholarship's, and is
 * said from its description: typed out, it is a second description that goes stale.
 */
const PERCENT_RANGE = /\d+\s*%\s*(?:to|–|-|से)\s*\d+\s*%|up to \d+\s*%|\d+\s*%\s*तक/i;
function checkPercentRanges(problems: Problems, language: Language, words: unknown) {
  for (const [path, text] of stringsOf(words, language)) {
    const found = PERCENT_RANGE.exec(text);
    if (found)
      problems.push(`${path}: "${found[0]}" types a scholarship range; say {scholarshipRange} (institute.scholarship)`);
  }
}

/** Words for each fact by its id, and none for a fact that is not there. */
function wordsForFacts(
  path: string,
  facts: readonly { id: string }[],
  words: Record<string, unknown>,
  wordsAre: string,
  factsAre: string,
): string[] {
  const ids = facts.map((fact) => fact.id);
  const missing = ids.filter((id) => !(id in words));
  const unknown = Object.keys(words).filter((id) => !ids.includes(id));
  if (missing.length === 0 && unknown.length === 0) return [];
  const named = ids.length - missing.length;
  return [
    `${path}: ${named} ${wordsAre} for ${ids.length} ${factsAre}` +
      (missing.length > 0 ? `; none for ${missing.join(', ')}` : '') +
      (unknown.length > 0 ? `; ${unknown.join(', ')} is not in the facts` : ''),
  ];
}

/** Every string in a language's copy, with its path (`courses.jee.faqs.1.answer`). */
function* stringsOf(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* stringsOf(item, `${path}.${i}`);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* stringsOf(item, `${path}.${key}`);
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A word or phrase on its own: no letter or vowel sign (Devanagari's are marks) just before or after it. */
const wholeWord = (word: string) => new RegExp(`(?<![\\p{L}\\p{M}])${escape(word)}(?![\\p{L}\\p{M}])`, 'giu');

/**
 * One word for one idea (glossary.ts): every string of a language's copy is read for the
 * variants its glossary refuses, once the names it keeps as written are set aside.
 */
export function checkGlossary(
  problems: Problems,
  language: Language,
  words: unknown,
  glossary: Glossary = siteGlossary,
  names: Record<Language, readonly string[]> = siteNames,
) {
  const refused = glossary[language].flatMap((entry) =>
    entry.refuse.map((variant) => ({ ...entry, variant, pattern: wholeWord(variant) })),
  );
  for (const [path, text] of stringsOf(words, language)) {
    const plain = names[language].reduce((rest, name) => rest.replaceAll(name, ' '), text);
    for (const { use, concept, pattern } of refused) {
      for (const match of plain.matchAll(pattern)) {
        problems.push(`${path}: "${match[0]}" is a variant; use "${use}" (glossary: ${concept})`);
      }
    }
  }
}

/** An HTML tag (or comment): the pages show words as plain text, so one would be shown as typed, or be an attempt at markup. */
const HTML_TAG = /<\/?[a-z!][^>]*>/i;

/** Words are plain text (the pages escape them; line breaks are kept): no HTML, which would show as typed. */
function checkPlainText(problems: Problems, language: Language, words: unknown) {
  for (const [path, text] of stringsOf(words, language)) {
    if (HTML_TAG.test(text)) problems.push(`${path}: plain text only, no HTML ("${HTML_TAG.exec(text)?.[0]}")`);
  }
}

/** The words a family receives that are not a page's copy: what the server says, and the desk's messages. */
export type WordsOutsideCopy = {
  server: Record<Language, ServerWords>;
  messages: readonly MessageTemplate[];
  batchDateUnknown: Record<Language, string>;
  feePeriod: Record<Language, Record<string, string>>;
};

const startingWordsOutsideCopy: WordsOutsideCopy = {
  server: serverWords,
  messages: messageTemplates,
  batchDateUnknown,
  feePeriod,
};

/**
 * Every word a family receives besides the pages: the server's (server-words.ts: the emails, the
 * admit card, the registrant's page and the answers to a form are made of these), and the WhatsApp
 * and SMS messages the desk starts with, each string read once (one that is also the copy's is
 * read there, under the copy's key), for the glossary's variants and for HTML.
 */
export function validateWordsOutsideCopy(
  outside: WordsOutsideCopy = startingWordsOutsideCopy,
  words: Record<Language, unknown> = copy,
): Problems {
  const problems: Problems = [];
  for (const language of languages) {
    const read = new Set([...stringsOf(words[language], language)].map(([, text]) => text));
    const said = {
      server: outside.server[language],
      messages: Object.fromEntries(outside.messages.map((template) => [template.id, template.text[language]])),
      batchDateUnknown: outside.batchDateUnknown[language],
      feePeriod: outside.feePeriod[language],
    };
    const unread: Record<string, string> = {};
    for (const [path, text] of stringsOf(said, language)) {
      if (read.has(text)) continue;
      read.add(text);
      unread[path.slice(language.length + 1)] = text;
    }
    checkGlossary(problems, language, unread);
    checkPlainText(problems, language, unread);
  }
  return problems;
}

/** A change to a fact that is the operator's (operatorFacts), refused with the value it keeps. */
function checkOperatorFacts(problems: Problems, institute: Institute) {
  for (const name of operatorFacts) {
    if (JSON.stringify(institute[name]) === JSON.stringify(instituteFacts[name])) continue;
    problems.push(
      `institute.${name}: is set where the site is installed, not in the content; it stays ${JSON.stringify(instituteFacts[name])}.`,
    );
  }
}

export function validateContent(
  words: Record<Language, unknown> = copy,
  institute: unknown = instituteFacts,
  /** Where src/assets/photos is looked for: the project, unless a test says otherwise. */
  root: string = fileURLToPath(new URL('../..', import.meta.url)),
  /** The institute's date (YYYY-MM-DD): a consent may not be dated after it. */
  today: string = localDate(new Date()),
): Problems {
  const problems: Problems = [];
  check(problems, 'institute', instituteSchema, institute);
  for (const language of languages) {
    check(problems, language, copyWithPagesSchema, words[language]);
    if (language !== 'en') compareShape(words.en, words[language], language, problems);
  }
  if (problems.length === 0) {
    checkOperatorFacts(problems, institute as Institute);
    checkPhotoFiles(problems, institute as Institute, root);
    for (const language of languages) crossCheck(problems, institute as Institute, language, words[language] as Copy);
    checkConsents(problems, institute as Institute, words.en as Copy, today);
    for (const language of languages) checkGlossary(problems, language, words[language]);
    for (const language of languages) checkPlainText(problems, language, words[language]);
    for (const language of languages) checkPercentRanges(problems, language, words[language]);
    checkScholarship(problems, institute as Institute, words as Record<Language, Copy>);
    checkMoney(problems, institute as Institute);
  }
  return problems;
}
