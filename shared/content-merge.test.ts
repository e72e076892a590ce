/**
 * A draft carried onto a newer live version: the other editor's changes and the draft's own both
 * stand; only a value both changed is asked about, and stands as chosen.
 */
import { describe, expect, it } from 'vitest';
import { conflictKey, mergeContent } from './content-merge';

/** Two courses with batches and FAQs, as the content has them (lists of things with ids). */
const base = () => ({
  institute: {
    phone: '+911412345678',
    courses: [
      {
        slug: 'jee',
        batches: [
          { id: 'j1', starts: '2027-04-10', seatsLeft: { count: 40, asOf: '2026-11-20' } },
          { id: 'j2', starts: '2027-05-01' },
        ],
        fees: { amount: 120000, instalments: [{ id: 'first', amount: 60000 }] },
      },
      { slug: 'neet', batches: [{ id: 'n1', starts: '2027-04-01' }], fees: { amount: 90000, instalments: [] } },
    ],
  },
  copy: {
    en: { faqs: [{ question: 'Q1', answer: 'A1' }], covers: ['Physics', 'Chemistry'] },
    hi: { faqs: [{ question: 'प्र1', answer: 'उ1' }], covers: ['भौतिकी', 'रसायन'] },
  },
});
type Doc = ReturnType<typeof base>;
const edited = (change: (document: Doc) => void) => {
  const document = base();
  change(document);
  return document;
};
const jee = (document: Doc) => document.institute.courses[0] as Doc['institute']['courses'][number];

describe('a draft carried onto a newer live version', () => {
  it('keeps both editors’ changes when they touched different fields: a seat count, another batch, an FAQ', () => {
    const theirs = edited((d) => {
      const batch = jee(d).batches[0];
      if (batch) batch.seatsLeft = { count: 26, asOf: '2026-11-26' };
    });
    const mine = edited((d) => {
      const batch = jee(d).batches[1];
      if (batch) batch.starts = '2027-05-08';
      const faq = d.copy.hi.faqs[0];
      if (faq) faq.answer = 'नया उत्तर';
    });
    const { document, conflicts } = mergeContent(base(), mine, theirs);
    expect(conflicts).toEqual([]);
    expect(document).toEqual(
      edited((d) => {
        const [first, second] = jee(d).batches;
        if (first) first.seatsLeft = { count: 26, asOf: '2026-11-26' };
        if (second) second.starts = '2027-05-08';
        const faq = d.copy.hi.faqs[0];
        if (faq) faq.answer = 'नया उत्तर';
      }),
    );
  });

  it('asks only about a value both changed, with both values, and lets the live one stand until told', () => {
    const theirs = edited((d) => (jee(d).fees.amount = 126000));
    const mine = edited((d) => {
      jee(d).fees.amount = 125000;
      d.institute.phone = '+911412345600';
    });
    const asked = mergeContent(base(), mine, theirs);
    expect(asked.conflicts).toEqual([
      { path: ['institute', 'courses', 'jee', 'fees', 'amount'], base: 120000, mine: 125000, theirs: 126000 },
    ]);
    expect(jee(asked.document as Doc).fees.amount).toBe(126000);
    expect((asked.document as Doc).institute.phone).toBe('+911412345600');

    const chosen = mergeContent(
      base(),
      mine,
      theirs,
      new Map([[conflictKey(['institute', 'courses', 'jee', 'fees', 'amount']), 'mine']]),
    );
    expect(jee(chosen.document as Doc).fees.amount).toBe(125000);
    expect(chosen.conflicts).toHaveLength(1);
  });

  it('adds what each added to a list with ids, keeps what one removed, and asks when one removed what the other changed', () => {
    const theirs = edited((d) => {
      jee(d).batches.push({ id: 'j3', starts: '2027-06-01' });
      d.institute.courses[1]?.batches.splice(0, 1, { id: 'n1', starts: '2027-04-05' });
    });
    const mine = edited((d) => {
      jee(d).batches.splice(0, 0, { id: 'j0', starts: '2027-03-01' });
      jee(d).batches.splice(2, 1); // j2 removed
      d.institute.courses[1]?.batches.splice(0, 1); // n1 removed, which they changed
    });
    const { document, conflicts } = mergeContent(base(), mine, theirs);
    expect(jee(document as Doc).batches.map((batch) => batch.id)).toEqual(['j0', 'j1', 'j3']);
    expect(conflicts.map((conflict) => conflict.path)).toEqual([['institute', 'courses', 'neet', 'batches', 'n1']]);
    expect(conflicts[0]?.mine).toBeUndefined();
    // Until told, the live one's batch stays.
    expect((document as Doc).institute.courses[1]?.batches).toEqual([{ id: 'n1', starts: '2027-04-05' }]);
  });

  it('takes a plain list as one value: both changed it, it is asked about whole', () => {
    const theirs = edited((d) => d.copy.en.covers.push('Maths'));
    const mine = edited((d) => (d.copy.en.covers[0] = 'Physics (NCERT)'));
    const { conflicts } = mergeContent(base(), mine, theirs);
    expect(conflicts).toEqual([
      {
        path: ['copy', 'en', 'covers'],
        base: ['Physics', 'Chemistry'],
        mine: ['Physics (NCERT)', 'Chemistry'],
        theirs: ['Physics', 'Chemistry', 'Maths'],
      },
    ]);
  });

  it('is the draft itself when nothing was published since, and the live version when the draft changed nothing', () => {
    const mine = edited((d) => (d.institute.phone = '+911412345600'));
    expect(mergeContent(base(), mine, base())).toEqual({ document: mine, conflicts: [] });
    const theirs = edited((d) => (d.institute.phone = '+911412345611'));
    expect(mergeContent(base(), base(), theirs)).toEqual({ document: theirs, conflicts: [] });
  });
});
