/**
 * Honest claims (the consumer regulator's 2024 guidelines on coaching advertisements), in the
 * built pages: a student's result says the exam and year, the rank, the course taken, for how
 * long and whether it was paid; a "seats left" badge says the day it was counted. (A teacher
 * shown by initials, which is about what is visible, is in tests/e2e/claims.spec.ts.)
 */
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/format';
import { copy, institute, languages, localizedPath, paths } from '../support/site';
import { builtDocument, renderedDocument, SAMPLE_DAY, textOf } from './built-site';

/** The elements matching `selector` whose text contains every one of `texts`. */
const containing = (document: Document, selector: string, ...texts: string[]) =>
  [...document.querySelectorAll(selector)].filter((element) => texts.every((text) => textOf(element).includes(text)));

describe.each(languages)('%s', (language) => {
  const words = copy[language];

  it('a quoted result states exam, year, rank, course, duration and fee', () => {
    const document = builtDocument(localizedPath(language, '/'));
    const [ananya, ...more] = containing(document, 'figure', words.testimonials['ananya-sharma']?.name ?? 'missing');
    expect(more).toHaveLength(0);
    expect(textOf(ananya)).toContain('NEET 2026 · AIR 3,412');
    expect(textOf(ananya)).toContain(
      language === 'en'
        ? `Studied with us: ${words.courses['neet-year-long'].name}, 11 months, fee paid`
        : `हमारे यहाँ पढ़ाई: ${words.courses['neet-year-long'].name}, 11 महीने, फ़ीस भरकर`,
    );
    // A parent's testimonial claims no result, and shows none.
    const parents = containing(document, 'figure', words.testimonials['sunil-meena']?.name ?? 'missing');
    expect(parents).toHaveLength(1);
    expect(textOf(parents[0])).not.toContain('AIR');
  });

  it('every "seats left" badge says the day the seats were counted', async () => {
    const course = institute.courses.find((c) => c.batches.some((batch) => batch.seatsLeft));
    if (!course) throw new Error('No course has a seats-left count to check');
    // On a day the sample's counts are current (after seatsShownForDays a count is not shown at all).
    const document = await renderedDocument(localizedPath(language, paths.course(course.slug)), SAMPLE_DAY);
    const lists = containing(
      document,
      'ul, ol',
      words.courses[course.slug].batches[course.batches[0]?.id ?? ''] ?? '',
      words.ui.course.batchStarts,
    );
    expect(lists).toHaveLength(1);
    for (const batch of course.batches) {
      if (!batch.seatsLeft) continue;
      const date = formatDate(batch.seatsLeft.asOf, language);
      expect(textOf(lists[0])).toContain(
        words.ui.course.seatsLeft.replace('{count}', String(batch.seatsLeft.count)).replace('{date}', date),
      );
    }
  });
});
