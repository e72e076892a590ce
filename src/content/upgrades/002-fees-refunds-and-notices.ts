/**
 * Versions published before a course's fee was stated in full (the GST, the admission charge,
 * the years of a two-year programme, the partner school's fee: issue 33), before the refund rules
 * (issue 34), before the sample-data note, before notices (and their list's words), or before the
 * answer to too many forms and the prospectus link had words: each part they lack is added as the
 * starting content has it (a course's facts from the starting content's course of the same slug,
 * with the partner school's name where it gains the school's fee; no notices for a version that
 * had none). This is what the pages' reads from the starting content did before upgrades.
 */
import type { ContentUpgrade, Json } from './upgrade';
import { isJson } from './upgrade';

/** `stored` with each of `keys` that it lacks taken from `starting`. */
function withParts(stored: Json, starting: Json | undefined, keys: readonly string[]): Json {
  const result: Json = { ...stored };
  for (const key of keys) if (result[key] === undefined && starting?.[key] !== undefined) result[key] = starting[key];
  return result;
}

const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isJson) : []);

function course(stored: Json, startingCourses: Json[]): Json {
  const starting = startingCourses.find((each) => each.slug === stored.slug);
  if (!starting || !isJson(stored.fees) || !isJson(starting.fees)) return stored;
  const feeParts = ['gstPercent', 'admissionCharge', 'school', ...(stored.fees.per === 'year' ? ['years'] : [])];
  return { ...withParts(stored, starting, ['refund']), fees: withParts(stored.fees, starting.fees, feeParts) };
}

/** Each course in `schools` (a school fee in its facts) with the school's name, the starting content's where it has none. */
function schoolNamed(courses: Json, starting: Json, schools: unknown[]): Json {
  const result: Json = { ...courses };
  for (const slug of schools) {
    const own = typeof slug === 'string' ? result[slug] : undefined;
    const from = typeof slug === 'string' ? starting[slug] : undefined;
    if (typeof slug === 'string' && isJson(own) && isJson(own.fees) && isJson(from) && isJson(from.fees))
      result[slug] = { ...own, fees: withParts(own.fees, from.fees, ['school']) };
  }
  return result;
}

export const upgrade: ContentUpgrade = {
  name: '002-fees-refunds-and-notices',
  up(document, starting) {
    const startingInstitute = starting.institute as Json;
    const institute: Json = withParts(document.institute as Json, startingInstitute, ['sampleData']);
    institute.notices ??= [];
    institute.courses = list(institute.courses).map((each) => course(each, list(startingInstitute.courses)));

    const schools = list(institute.courses)
      .filter((each) => isJson(each.fees) && each.fees.school !== undefined)
      .map((each) => each.slug);
    const copy: Json = { ...(document.copy as Json) };
    for (const [language, stored] of Object.entries(copy)) {
      const from = (starting.copy as Json)[language];
      if (!isJson(stored) || !isJson(from)) continue;
      const words = withParts(stored, from, ['feeDetails', 'refunds']);
      words.notices ??= {};
      if (isJson(words.form) && isJson(from.form) && isJson(words.form.errors) && isJson(from.form.errors))
        words.form = { ...words.form, errors: withParts(words.form.errors, from.form.errors, ['tooMany']) };
      if (isJson(words.courses) && isJson(from.courses))
        words.courses = schoolNamed(words.courses, from.courses, schools);
      if (isJson(words.ui) && isJson(from.ui)) words.ui = withParts(words.ui, from.ui, ['notices']);
      if (isJson(words.contact) && isJson(from.contact))
        words.contact = withParts(words.contact, from.contact, ['prospectus']);
      copy[language] = words;
    }
    return { ...document, copy, institute };
  },
};
