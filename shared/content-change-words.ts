/**
 * What changed between two versions of the content, in the desk's own words (issue 40): each
 * change grouped under the desk page it is made on, named as that page names it ("Batch “Class 11
 * weekend” · Seats left"), its values as the form shows them ("₹1,26,000", "40, counted 26 Nov
 * 2026", teachers by name), a word's English and Hindi side by side. Ids are never shown: an
 * item is named by its English name (or its place in a plain list), a list of ids by the names.
 *
 * The labels are the desk pages' (desk/src/pages/content/*.tsx), each rule under the page it is
 * edited on (its name from the page table, shared/desk-pages.ts; a section of words only takes
 * its labels from its line there too); a value no desk page edits (a page's fixed words, changed
 * only by restoring an old version) is named by where it is.
 */
import { contentChanges, isObject, type ContentChange } from './content-changes';
import { formatDate, formatRupees } from './format';
import { sectionPages, type SectionPageName, type WordsField, type WordsSection } from './desk-pages';
import { languages, type Language } from './languages';

export type Side = { before?: string; after?: string };
export type DescribedChange = {
  /** Names the change among the others (for a list's key): its place in the content, not shown. */
  key: string;
  /** What changed, as its desk page calls it: "Batch “Class 11 weekend” · Seats left". */
  what: string;
  /** A fact (one value in every language), or the words in each language that changed. */
  values: { fact: Side } | { words: Partial<Record<Language, Side>> };
};
export type ChangeGroup = { page: string; changes: DescribedChange[] };

/** A document as far as naming needs it: facts and each language's words. */
type Document = { institute?: unknown; copy?: Partial<Record<Language, unknown>> };

type Format = (value: unknown, names: Names) => string | undefined;
type Rule = {
  /** The desk page it is edited on: a course's, or a section of the Site content page. */
  page: 'course' | SectionPageName;
  /** From the facts ('facts', institute) or the words ('words', copy.<language>); `*` is any one key. */
  at: string[];
  label: string;
  format?: Format;
  /** The value at `at` is shown whole (a list of ids, a count with its day), not each part of it. */
  whole?: true;
};

/** Names of what the content holds, in English, from the newer document and else the older. */
type Names = {
  course: (slug: string) => string;
  teacher: (id: string) => string;
  testimonial: (id: string) => string;
  page: (id: string) => string;
  classLevel: (level: string) => string;
  eventType: (type: string) => string;
  /** The English words at a place of copy.en, from the newer document and else the older. */
  english: (path: string[]) => string | undefined;
  /** The value at a place of the institute's facts, likewise. */
  fact: (path: string[]) => unknown;
};

const quoted = (name: string | undefined, otherwise: string) => (name ? `“${name}”` : otherwise);

const text: Format = (value) =>
  value === undefined || value === null
    ? undefined
    : typeof value === 'string'
      ? value
      : typeof value === 'boolean'
        ? value
          ? 'yes'
          : 'no'
        : Array.isArray(value)
          ? value.map((item) => text(item, {} as Names)).join(' · ')
          : isObject(value)
            ? Object.values(value)
                .map((item) => text(item, {} as Names))
                .join(', ')
            : String(value);
const rupees: Format = (value) => (typeof value === 'number' ? formatRupees(value, 'en') : text(value, {} as Names));
const date: Format = (value) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value, 'en') : text(value, {} as Names);
const list =
  (name: (names: Names) => (id: string) => string): Format =>
  (value, names) =>
    Array.isArray(value)
      ? value.length === 0
        ? 'none'
        : value.map((id) => name(names)(String(id))).join(', ')
      : undefined;
const seats: Format = (value) =>
  isObject(value) && typeof value.count === 'number'
    ? `${value.count}, counted ${typeof value.asOf === 'string' ? formatDate(value.asOf, 'en') : '?'}`
    : undefined;
const rank: Format = (value) =>
  isObject(value)
    ? value.kind === 'AIR'
      ? `AIR ${String(value.value)}`
      : `${String(value.value)} percentile`
    : undefined;
const per: Format = (value) =>
  value === 'year' ? 'each year' : value === 'course' ? 'the whole course' : text(value, {} as Names);
const paidSeat: Format = (value) => (value === true ? 'paid' : value === false ? 'free (scholarship)' : undefined);
const online: Format = (value) => (value === true ? 'online' : value === false ? 'at the centre' : undefined);
const photo: Format = (value) =>
  isObject(value)
    ? `a photo uploaded, ${String(value.width)} × ${String(value.height)}`
    : value === undefined
      ? undefined
      : 'a photo';

type PagelessRule = Omit<Rule, 'page'>;
const onPage = (page: Rule['page'], rules: PagelessRule[]): Rule[] => rules.map((rule) => ({ ...rule, page }));

const fact = (at: string, label: string, format?: Format, whole?: true): PagelessRule => ({
  at: ['facts', ...at.split('.')],
  label,
  format,
  whole,
});
const words = (at: string, label: string, whole?: true): PagelessRule => ({
  at: ['words', ...at.split('.')],
  label,
  whole,
});

/** A section of words only (the page table's `section.words`): a rule for each field, by its label. */
const wordsRules = (fields: readonly WordsField[], within = ''): PagelessRule[] =>
  fields.flatMap((field) =>
    field.list
      ? wordsRules(field.list.fields, `${within}${field.at}.*.`)
      : [words(`${within}${field.at}`, field.label)],
  );

/**
 * The item of a section of words a place belongs to ("Question 3"): the list it is in, by the
 * field that names the list, and its place in the list.
 */
function wordsItem(section: WordsSection, place: string[]): string | undefined {
  const inside = (fields: readonly WordsField[], rest: string[]): string | undefined => {
    for (const field of fields) {
      const at = field.at.split('.');
      if (!field.list || !at.every((key, index) => rest[index] === key)) continue;
      const number = rest[at.length];
      return number && (inside(field.list.fields, rest.slice(at.length + 1)) ?? `${field.list.item} ${number}`);
    }
    return undefined;
  };
  return inside(section.fields, place);
}

/** Each desk page's rules: a course's page is named after its course, the others as the page table names them. */
const RULES: Rule[] = [
  // A course's page (desk/src/pages/content/course.page.tsx).
  ...onPage('course', [
    fact('courses.*.batches.*.starts', 'Starts on', date),
    fact('courses.*.batches.*.seatsLeft', 'Seats left', seats, true),
    fact('courses.*.fees.amount', 'Fee (GST included)', rupees),
    fact('courses.*.fees.per', 'The fee is for', per),
    fact('courses.*.fees.years', 'Years (a fee per year)'),
    fact('courses.*.fees.gstPercent', 'GST included (%)'),
    fact('courses.*.fees.admissionCharge', 'Admission charge', rupees),
    fact(
      'courses.*.fees.school',
      'Partner school’s fee',
      (value) =>
        isObject(value) ? `${rupees(value.from, {} as Names)} to ${rupees(value.to, {} as Names)}` : undefined,
      true,
    ),
    fact('courses.*.refund.days', 'Refund: days from the batch starting'),
    fact('courses.*.fees.instalments.*.amount', 'Amount', rupees),
    fact('courses.*.fees.instalments.*.year', 'Year of the programme'),
    fact('courses.*.cohort.year', 'Year'),
    fact('courses.*.cohort.sat', 'Students who sat'),
    fact('courses.*.cohort.batches', 'Batches that year'),
    fact(
      'courses.*.teachers',
      'Teachers',
      list((names) => names.teacher),
      true,
    ),
    fact(
      'courses.*.testimonials',
      'Testimonials',
      list((names) => names.testimonial),
      true,
    ),
    fact('courses.*.exam', 'Exam'),
    words('courses.*.name', 'Name'),
    words('courses.*.shortName', 'Short name'),
    words('courses.*.summary', 'Summary'),
    words('courses.*.seo.title', 'Title in search results'),
    words('courses.*.seo.description', 'Description in search results'),
    words('courses.*.audience.classes', 'For classes'),
    words('courses.*.audience.eligibility', 'Eligibility'),
    words('courses.*.mode', 'Mode'),
    words('courses.*.duration', 'Duration'),
    words('courses.*.schedule', 'Timings', true),
    words('courses.*.covers', 'What it covers', true),
    words('courses.*.tests', 'Tests', true),
    words('courses.*.material', 'Study material', true),
    words('courses.*.batches.*', 'Name'),
    words('courses.*.fees.note', 'About the fee'),
    words('courses.*.fees.school', 'The partner school'),
    words('courses.*.fees.instalments.*.label', 'Name'),
    words('courses.*.fees.instalments.*.due', 'Due'),
    words('courses.*.faqs.*.question', 'Question'),
    words('courses.*.faqs.*.answer', 'Answer'),
    words('courses.*.results.*.figure', 'Figure'),
    words('courses.*.results.*.label', 'What it counts'),
    words('courses.*.resultsOf', 'Beside each count'),
  ]),
  ...onPage('results', [
    fact('testimonialResults.*.exam', 'Exam'),
    fact('testimonialResults.*.year', 'Year'),
    fact('testimonialResults.*.rank', 'Rank or percentile', rank, true),
    fact('testimonialResults.*.course', 'Course taken', (value, names) =>
      typeof value === 'string' ? names.course(value) : undefined,
    ),
    fact('testimonialResults.*.months', 'Months with us'),
    fact('testimonialResults.*.paid', 'Seat', paidSeat),
    fact(
      'homeTestimonials',
      'On the home page',
      list((names) => names.testimonial),
      true,
    ),
    fact('testimonialPhotos.*', 'Photo', photo, true),
    fact('testimonialConsents.*.date', 'Day the consent was signed', date),
    fact('testimonialConsents.*.by', 'Consent signed by', (value) =>
      value === 'parent' ? 'a parent or guardian' : value === 'student' ? 'the student' : undefined,
    ),
    fact('testimonialConsents.*.minor', 'Under 18 when it was signed'),
    fact('testimonialConsents.*.scan', 'The signed form', (value) => (isObject(value) ? 'a scan' : undefined), true),
    fact('testimonialConsents.*.sample', 'A made-up student of the sample content'),
    words('testimonials.*.name', 'Name'),
    words('testimonials.*.detail', 'Who they are'),
    words('testimonials.*.quote', 'What they said'),
    words('testimonials.*.photoAlt', 'What the photo shows'),
  ]),
  ...onPage('teachers', [
    fact('teacherPortraits.*', 'Portrait', photo, true),
    fact(
      'aboutTeachers',
      'On the About page',
      list((names) => names.teacher),
      true,
    ),
    words('teachers.*.name', 'Name'),
    words('teachers.*.subject', 'Subject'),
    words('teachers.*.experience', 'Experience'),
    words('teachers.*.bio', 'About them'),
    words('teachers.*.portraitAlt', 'What the portrait shows'),
  ]),
  ...onPage('notices', [
    fact('notices.*.from', 'First day shown', date),
    fact('notices.*.until', 'Last day shown', date),
    fact(
      'notices.*.on',
      'Shown on',
      list((names) => names.page),
      true,
    ),
    fact('notices.*.link', 'Its title links to'),
    words('notices.*.title', 'Title'),
    words('notices.*.body', 'More words'),
  ]),
  ...onPage('eventsContent', [
    fact('eventSessions.*.type', 'Event', (value, names) =>
      typeof value === 'string' ? names.eventType(value) : undefined,
    ),
    fact('eventSessions.*.date', 'Day', date),
    fact('eventSessions.*.reportBy', 'Arrive by'),
    fact('eventSessions.*.starts', 'Starts'),
    fact('eventSessions.*.ends', 'Ends'),
    fact('eventSessions.*.online', 'Where', online),
    fact('eventSessions.*.joinLink', 'Joining link'),
    fact('eventSessions.*.capacity', 'Seats'),
    fact('eventSessions.*.opens', 'Registration opens', date),
    fact('eventSessions.*.closes', 'Registration closes', date),
    fact(
      'eventSessions.*.classes',
      'For these classes',
      list((names) => names.classLevel),
      true,
    ),
    fact(
      'eventSessions.*.courses',
      'For these courses',
      list((names) => names.course),
      true,
    ),
    fact(
      'scholarship.classes',
      'Who may sit the test',
      list((names) => names.classLevel),
      true,
    ),
    fact(
      'scholarship.courses',
      'The courses whose fee it lowers',
      list((names) => names.course),
      true,
    ),
    fact('scholarship.maxMarks', 'The test is out of (marks)'),
    fact(
      'scholarship.bands',
      'Bands',
      (value) =>
        Array.isArray(value)
          ? value
              .map((band) => (isObject(band) ? `from ${String(band.from)} marks, ${String(band.percent)}% off` : ''))
              .join('; ')
          : undefined,
      true,
    ),
    words('scholarship.feePart', 'What the percentage is taken off'),
    words('events.types.*.name', 'Name'),
    words('events.types.*.navLabel', 'In the menu'),
    words('events.types.*.heading', 'Heading'),
    words('events.types.*.lead', 'In short'),
    words('events.types.*.about', 'What happens', true),
    words('events.types.*.bring', 'What to bring', true),
  ]),
  // Each section of words only, by the labels its desk page shows (desk/src/pages/content/words.page.tsx).
  ...sectionPages.flatMap(({ page, words }) => (words ? onPage(page, wordsRules(words.fields)) : [])),
  ...onPage('facts', [
    fact('phone', 'Phone'),
    fact('whatsapp', 'WhatsApp'),
    fact('email', 'Email'),
    fact('postalCode', 'PIN code'),
    fact('seatsShownForDays', 'Days a seats count is shown'),
    words('site.address.street', 'Street'),
    words('site.address.locality', 'Area'),
    words('site.address.city', 'City'),
    words('site.address.state', 'State'),
    words('site.hours.*.days', 'Days'),
    words('site.hours.*.time', 'Hours'),
  ]),
];

const sameAt = (pattern: string[], path: string[]) =>
  pattern.every((part, index) => part === '*' || part === path[index]);

/** The rule for a place in the content: the first whose `at` is the place, or holds it whole. */
function ruleFor(path: string[]): Rule | undefined {
  return RULES.find((rule) =>
    rule.whole
      ? path.length >= rule.at.length && sameAt(rule.at, path)
      : path.length === rule.at.length && sameAt(rule.at, path),
  );
}

const at = (value: unknown, path: string[]): unknown =>
  path.reduce<unknown>((here, key) => {
    if (Array.isArray(here)) {
      const byId = here.find((item) => isObject(item) && (item.id === key || item.slug === key));
      return byId ?? (/^\d+$/.test(key) ? here[Number(key) - 1] : undefined);
    }
    return isObject(here) ? here[key] : undefined;
  }, value);

/** Where a place is, from the top of a document: facts and words as `rule.at` names them. */
function split(path: string[]): { place: string[]; language?: Language } {
  const [top, second, ...rest] = path;
  if (top === 'copy' && languages.includes(second as Language))
    return { place: ['words', ...rest], language: second as Language };
  if (top === 'institute') return { place: ['facts', ...path.slice(1)] };
  return { place: ['other', ...path] };
}

function namesIn(newer: Document, older: Document): Names {
  const english = (path: string[]) => {
    for (const document of [newer, older]) {
      const value = at(document.copy?.en, path);
      if (typeof value === 'string' && value.trim()) return value;
    }
    return undefined;
  };
  const course = (slug: string) => english(['courses', slug, 'name']) ?? 'a course';
  return {
    course,
    teacher: (id) => english(['teachers', id, 'name']) ?? 'a teacher',
    testimonial: (id) => english(['testimonials', id, 'name']) ?? 'a testimonial',
    page: (id) => (id === 'home' ? 'Home' : course(id)),
    classLevel: (level) => english(['form', 'classLevels', level]) ?? `Class ${level}`,
    eventType: (type) => english(['events', 'types', type, 'name']) ?? 'an event',
    english,
    fact: (path) => at(newer.institute, path) ?? at(older.institute, path),
  };
}

/** The desk page a rule's place is edited on, and the item on that page the place belongs to. */
function pageAndItem(place: string[], rule: Rule, names: Names): { page: string; item?: string } {
  const { english } = names;
  const [, part, key, sub, subKey] = place;
  if (rule.page === 'course') {
    const page = names.course(key ?? '');
    if (sub === 'batches' && subKey)
      return { page, item: `Batch ${quoted(english(['courses', key ?? '', 'batches', subKey]), '(no name yet)')}` };
    if (sub === 'fees' && subKey === 'instalments' && place[5])
      return {
        page,
        item: `Instalment ${quoted(english(['courses', key ?? '', 'fees', 'instalments', place[5], 'label']), '(no name yet)')}`,
      };
    if (sub === 'faqs' && subKey) return { page, item: `Question ${subKey}` };
    if (sub === 'results' && subKey) return { page, item: `Result ${subKey}` };
    if (sub === 'cohort') return { page, item: 'Who the results count' };
    if (sub === 'fees' || sub === 'refund') return { page, item: 'Fees' };
    return { page };
  }
  const { name: page, words: section } = sectionPages.find((each) => each.page === rule.page) ?? { name: '' };
  const listed = section && wordsItem(section, place.slice(1));
  if (listed) return { page, item: listed };
  if (['testimonialResults', 'testimonials', 'testimonialPhotos', 'testimonialConsents'].includes(part ?? ''))
    return { page, item: key ? `Testimonial ${quoted(names.testimonial(key), '')}` : undefined };
  if (part === 'teachers' || part === 'teacherPortraits')
    return { page, item: key ? `Teacher ${quoted(names.teacher(key), '')}` : undefined };
  if (part === 'notices')
    return { page, item: key ? `Notice ${quoted(english(['notices', key, 'title']), '(no title yet)')}` : undefined };
  if (part === 'eventSessions' && key) {
    const session = names.fact(['eventSessions', key]) as { type?: string; date?: string } | undefined;
    const day = session?.date ? date(session.date, names) : undefined;
    return { page, item: `${session?.type ? names.eventType(session.type) : 'Session'}${day ? ` on ${day}` : ''}` };
  }
  if (part === 'events' && key === 'types' && sub) return { page, item: names.eventType(sub) };
  if (part === 'scholarship') return { page, item: 'The scholarship' };
  if (part === 'site' && key === 'hours' && sub) return { page, item: `Opening hours ${sub}` };
  return { page };
}

/** A place no desk page edits (a page's fixed words, changed only by restoring an old version). */
const named = (place: string[], rule: Rule | undefined, names: Names) =>
  rule
    ? pageAndItem(place, rule, names)
    : { page: place[0] === 'words' ? 'Other words on the pages' : 'Other facts', item: undefined };

/** A place no rule names, said as its parts ("home › hero › title"). */
const plainly = (place: string[]) => place.slice(1).join(' › ');

/** How one place in the content is named on its desk page: its page and "Item · Label". */
export function describePlace(
  path: string[],
  newer: Document,
  older: Document = newer,
): { page: string; what: string } {
  const { place } = split(path);
  const rule = ruleFor(place);
  const names = namesIn(newer, older);
  const { page, item } = named(place, rule, names);
  const label = rule ? rule.label : plainly(place);
  return { page, what: item ? `${item} · ${label}` : label };
}

/** A value at a place, as its desk page shows it ("₹1,26,000", teachers by name). */
export function describeValue(path: string[], value: unknown, document: Document): string | undefined {
  const rule = ruleFor(split(path).place);
  const format = rule && (!rule.whole || rule.at.length === split(path).place.length) ? (rule.format ?? text) : text;
  return format(value, namesIn(document, document));
}

/** The changes from `before` to `after`, grouped by desk page, in the desk's words. */
export function describeChanges(before: unknown, after: unknown): ChangeGroup[] {
  const older = (isObject(before) ? before : {}) as Document;
  const newer = (isObject(after) ? after : {}) as Document;
  const names = namesIn(newer, older);
  const groups = new Map<string, Map<string, DescribedChange>>();
  const itemOf = new WeakMap<DescribedChange, string>();
  for (const change of contentChanges(before, after) as ContentChange[]) {
    const { place, language } = split(change.path);
    // An item's id is how the content finds it, not something an editor typed.
    if (place.at(-1) === 'id' || place.at(-1) === 'slug') continue;
    const rule = ruleFor(place);
    const shownAt = rule?.whole ? place.slice(0, rule.at.length) : place;
    const { page, item } = named(place, rule, names);
    const label = rule ? rule.label : plainly(place);
    const what = item ? `${item} · ${label}` : label;
    const key = shownAt.join('.');
    const changes = groups.get(page) ?? new Map<string, DescribedChange>();
    groups.set(page, changes);
    const format = rule?.format ?? text;
    const valueOf = (document: Document) => {
      const root = language ? document.copy?.[language] : document.institute;
      return format(at(root, shownAt.slice(1)), names);
    };
    const side: Side = rule?.whole
      ? { before: valueOf(older), after: valueOf(newer) }
      : {
          before: rule?.format && change.before !== undefined ? valueOf(older) : change.before,
          after: rule?.format && change.after !== undefined ? valueOf(newer) : change.after,
        };
    // A whole value said the same way before and after (a photo replaced by another): say so.
    if (side.before !== undefined && side.before === side.after) side.after = `${side.after} (replaced)`;
    const known = changes.get(key);
    if (language) {
      const values = known && 'words' in known.values ? known.values.words : {};
      values[language] = side;
      const described: DescribedChange = { key, what, values: { words: values } };
      changes.set(key, described);
      itemOf.set(described, item ?? '');
    } else if (!known) {
      const described: DescribedChange = { key, what, values: { fact: side } };
      changes.set(key, described);
      itemOf.set(described, item ?? '');
    }
  }
  // On its page, an item's changes together (a batch's seats beside its name), items as first met.
  return [...groups].map(([page, changes]) => {
    const all = [...changes.values()];
    const items = [...new Set(all.map((change) => itemOf.get(change) ?? ''))];
    return { page, changes: items.flatMap((item) => all.filter((change) => (itemOf.get(change) ?? '') === item)) };
  });
}
