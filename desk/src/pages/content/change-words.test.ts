/** The describer is shared (the server says a version's changes with it); its names are the desk pages', checked here. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startingContent, type SiteContent } from '../../../../src/content/site-content';
import { describeChanges, describePlace, describeValue } from '../../../../shared/content-change-words';
import { type DeskPage, type DeskPageName, deskPages } from '../../../../shared/desk-pages';

const jeeOf = (content: SiteContent) => {
  const jee = content.institute.courses.find((course) => course.slug === 'jee');
  if (!jee) throw new Error('The starting content has no JEE course');
  return jee;
};
const JEE = startingContent.copy.en.courses.jee.name;

describe('changes in the desk’s words', () => {
  const after = structuredClone(startingContent);
  const jee = jeeOf(after);
  const batch = jee.batches[0] as (typeof jee.batches)[number];
  batch.seatsLeft = { count: 40, asOf: '2026-11-26' };
  jee.fees.amount = 126_000;
  after.copy.en.courses.jee.batches[batch.id] = 'Batch J2';
  after.copy.hi.courses.jee.batches[batch.id] = 'बैच J2';
  jee.teachers = jee.teachers.slice(1);
  const groups = describeChanges(startingContent, after);
  const course = groups.find((group) => group.page === JEE);

  it('groups them by the desk page they are made on, and says each as the form does', () => {
    expect(groups.map((group) => group.page)).toEqual([JEE]);
    expect(course?.changes).toContainEqual({
      key: `facts.courses.jee.batches.${batch.id}.seatsLeft`,
      what: 'Batch “Batch J2” · Seats left',
      values: { fact: { before: '22, counted 20 November 2026', after: '40, counted 26 November 2026' } },
    });
    expect(course?.changes).toContainEqual({
      key: 'facts.courses.jee.fees.amount',
      what: 'Fees · Fee (GST included)',
      values: { fact: { before: '₹1,20,000', after: '₹1,26,000' } },
    });
  });

  it('puts a word’s English and Hindi side by side in one change, beside its item’s other changes', () => {
    const names = course?.changes.map((change) => change.what) ?? [];
    expect(names.indexOf('Batch “Batch J2” · Name')).toBe(names.indexOf('Batch “Batch J2” · Seats left') + 1);
    expect(course?.changes).toContainEqual({
      key: `words.courses.jee.batches.${batch.id}`,
      what: 'Batch “Batch J2” · Name',
      values: {
        words: {
          en: { before: startingContent.copy.en.courses.jee.batches[batch.id], after: 'Batch J2' },
          hi: { before: startingContent.copy.hi.courses.jee.batches[batch.id], after: 'बैच J2' },
        },
      },
    });
  });

  it('never shows an id: a list of teachers by their names, an item by its name', () => {
    const teachers = course?.changes.find((change) => change.what === 'Teachers');
    const named = (id: string) => startingContent.copy.en.teachers[id]?.name;
    expect(teachers?.values).toEqual({
      fact: {
        before: jeeOf(startingContent).teachers.map(named).join(', '),
        after: jee.teachers.map(named).join(', '),
      },
    });
    const shown = JSON.stringify(
      groups.map((group) => [group.page, group.changes.map(({ what, values }) => [what, values])]),
    );
    for (const id of [batch.id, ...jeeOf(startingContent).teachers, 'jee']) expect(shown).not.toContain(id);
  });

  it('says a new batch by its name, not its id, and leaves its id out', () => {
    const added = structuredClone(startingContent);
    jeeOf(added).batches.push({ id: 'batch-3', starts: '2027-01-10' });
    added.copy.en.courses.jee.batches['batch-3'] = 'Winter batch';
    added.copy.hi.courses.jee.batches['batch-3'] = 'शीतकालीन बैच';
    const changes = describeChanges(startingContent, added).flatMap((group) => group.changes);
    expect(changes.map((change) => change.what)).toEqual([
      'Batch “Winter batch” · Starts on',
      'Batch “Winter batch” · Name',
    ]);
    expect(changes[0]?.values).toEqual({ fact: { after: '10 January 2027' } });
  });

  it('names a value both editors changed as its page does, with the value as the form shows it', () => {
    expect(describePlace(['institute', 'courses', 'jee', 'fees', 'amount'], startingContent)).toEqual({
      page: JEE,
      what: 'Fees · Fee (GST included)',
    });
    expect(describePlace(['copy', 'en', 'courses', 'jee', 'fees', 'note'], startingContent)).toEqual({
      page: JEE,
      what: 'Fees · About the fee',
    });
    expect(describeValue(['institute', 'courses', 'jee', 'fees', 'amount'], 126_000, startingContent)).toBe(
      '₹1,26,000',
    );
  });

  it('names what no desk page edits by where it is, apart from the desk pages', () => {
    const moved = structuredClone(startingContent);
    moved.copy.hi.home.hero.heading = 'नया शीर्षक';
    expect(describeChanges(startingContent, moved)).toEqual([
      {
        page: 'Other words on the pages',
        changes: [
          {
            key: 'words.home.hero.heading',
            what: 'home › hero › heading',
            values: { words: { hi: { before: startingContent.copy.hi.home.hero.heading, after: 'नया शीर्षक' } } },
          },
        ],
      },
    ]);
  });

  it('names a section of words only by the labels its line in the page table gives, an item by its place', () => {
    const edited = structuredClone(startingContent);
    const questions = (language: 'en' | 'hi') => edited.copy[language].home.faq.items;
    const second = (language: 'en' | 'hi') => questions(language)[1] as { question: string; answer: string };
    second('en').answer = 'Yes, every Saturday.';
    second('hi').answer = 'हाँ, हर शनिवार।';
    questions('en').push({ question: 'Is there a library?', answer: 'Yes.' });
    questions('hi').push({ question: 'क्या लाइब्रेरी है?', answer: 'हाँ।' });
    const added = questions('en').length;
    expect(describeChanges(startingContent, edited)).toEqual([
      {
        page: deskPages.homeQuestions.section.name,
        changes: [
          {
            key: 'words.home.faq.items.2.answer',
            what: 'Question 2 · Answer',
            values: {
              words: {
                en: { before: startingContent.copy.en.home.faq.items[1]?.answer, after: 'Yes, every Saturday.' },
                hi: { before: startingContent.copy.hi.home.faq.items[1]?.answer, after: 'हाँ, हर शनिवार।' },
              },
            },
          },
          {
            key: `words.home.faq.items.${added}.question`,
            what: `Question ${added} · Question`,
            values: { words: { en: { after: 'Is there a library?' }, hi: { after: 'क्या लाइब्रेरी है?' } } },
          },
          {
            key: `words.home.faq.items.${added}.answer`,
            what: `Question ${added} · Answer`,
            values: { words: { en: { after: 'Yes.' }, hi: { after: 'हाँ।' } } },
          },
        ],
      },
    ]);
    expect(describePlace(['copy', 'hi', 'home', 'faq', 'heading'], startingContent)).toEqual({
      page: 'Home page questions',
      what: 'Heading',
    });
  });

  // A field added to a content page without a name here would be listed by its place in the content,
  // and one named here under another page would be listed under that page's name.
  it('names every field of the desk’s content pages, under the page it is edited on', () => {
    // The content pages: this folder's files the table of desk pages names as pages (its parts are not).
    const dir = new URL('./', import.meta.url);
    const pages = (Object.entries(deskPages) as [DeskPageName, DeskPage][]).flatMap(([name, page]) => {
      const [folder, file] = page.module.split('/');
      return folder === 'content' ? [{ name, file: `${file ?? 'index'}.page.tsx` }] : [];
    });
    expect(pages.length).toBeGreaterThan(6);
    const fields = pages.flatMap(({ name, file }) =>
      [
        ...readFileSync(new URL(file, dir), 'utf8').matchAll(/<(Fact|Words|Choices)\b[^>]*?path=\{\[([^\]]*)\]\}/gs),
      ].map(([, kind, parts]) => {
        const path = (parts ?? '').split(',').map((part) => /^\s*'([^']*)'\s*$/.exec(part)?.[1] ?? 'any');
        return { name, path: kind === 'Words' ? ['copy', 'en', ...path] : ['institute', ...path] };
      }),
    );
    expect(fields.length).toBeGreaterThan(60);
    // A course's fields are edited on its own page, named after it ('a course' for a course not in the content).
    const pageName = (name: DeskPageName): string => {
      const page: DeskPage = deskPages[name];
      return name === 'course' ? 'a course' : (page.section?.name ?? name);
    };
    const misnamed = fields
      .map(({ name, path }) => ({
        path: path.join('.'),
        expected: pageName(name),
        ...describePlace(path, startingContent),
      }))
      .filter(({ expected, page, what }) => page !== expected || what.includes('›'));
    expect(misnamed).toEqual([]);
  });
});
