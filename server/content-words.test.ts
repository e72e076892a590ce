/** A version published before words were added opens in the editor with them, and nothing else changes. */
import { describe, expect, it } from 'vitest';
import { startingContent } from '../src/content/site-content';
import { withNewWords } from './content-words';

describe('words added since a version was published', () => {
  const older = structuredClone(startingContent) as unknown as {
    copy: Record<
      string,
      {
        events: { registrant: Record<string, unknown>; types: Record<string, { name: string }> };
        notices?: Record<string, unknown>;
      }
    >;
  };
  for (const words of Object.values(older.copy)) {
    delete words.events.registrant.reminder;
    words.events.types['demo-class'] = {
      ...words.events.types['demo-class'],
      name: 'Edited by the institute',
    } as never;
  }
  const opened = withNewWords(older, startingContent) as typeof older;

  it('fills the missing events words from the starting content, in each language', () => {
    expect(opened.copy.en?.events.registrant.reminder).toBe(startingContent.copy.en.events?.registrant.reminder);
    expect(opened.copy.hi?.events.registrant.reminder).toBe(startingContent.copy.hi.events?.registrant.reminder);
  });

  it('keeps what the version says, and adds nothing outside the events', () => {
    expect(opened.copy.hi?.events.types['demo-class']?.name).toBe('Edited by the institute');
    const withoutEvents = (document: typeof older) =>
      Object.fromEntries(
        Object.entries(document.copy).map(([language, words]) => [
          language,
          Object.fromEntries(Object.entries(words).filter(([section]) => section !== 'events')),
        ]),
      );
    expect(withoutEvents(opened)).toEqual(withoutEvents(older));
  });
});

describe('the scholarship, in a version published before it was described', () => {
  it('opens with the starting description and words (what the pages read for it), and keeps its own when it has them', () => {
    const older = structuredClone(startingContent);
    delete older.institute.scholarship;
    delete older.copy.en.scholarship;
    delete older.copy.hi.scholarship;
    const opened = withNewWords(older, startingContent) as typeof older;
    expect(opened.institute.scholarship).toEqual(startingContent.institute.scholarship);
    expect(opened.copy.hi.scholarship).toEqual(startingContent.copy.hi.scholarship);
    expect({ ...opened.institute, scholarship: undefined }).toEqual({ ...older.institute, scholarship: undefined });

    const own = structuredClone(startingContent);
    own.institute.scholarship = {
      classes: ['12-pass'],
      courses: ['neet-repeaters'],
      maxMarks: 50,
      bands: [{ from: 40, percent: 25 }],
    };
    expect((withNewWords(own, startingContent) as typeof own).institute.scholarship).toEqual(own.institute.scholarship);
  });
});
