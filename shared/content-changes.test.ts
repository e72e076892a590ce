import { describe, expect, it } from 'vitest';
import { contentChanges } from './content-changes';

describe('contentChanges', () => {
  it('names each changed value by where it is, with its value before and after', () => {
    const before = { institute: { courses: [{ slug: 'jee', fees: { amount: 120000 } }] }, copy: { hi: { name: 'क' } } };
    const after = { institute: { courses: [{ slug: 'jee', fees: { amount: 125000 } }] }, copy: { hi: { name: 'ख' } } };
    expect(contentChanges(before, after)).toEqual([
      { path: ['institute', 'courses', 'jee', 'fees', 'amount'], before: '120000', after: '125000' },
      { path: ['copy', 'hi', 'name'], before: 'क', after: 'ख' },
    ]);
  });

  it('compares lists of things with ids by id: a batch added first is one change', () => {
    const batch = (id: string, starts: string) => ({ id, starts });
    const before = { batches: [batch('a', '2027-04-01'), batch('b', '2027-05-01')] };
    const after = { batches: [batch('new', '2027-03-01'), batch('a', '2027-04-01'), batch('b', '2027-05-01')] };
    expect(contentChanges(before, after)).toEqual([
      { path: ['batches', 'new', 'id'], before: undefined, after: 'new' },
      { path: ['batches', 'new', 'starts'], before: undefined, after: '2027-03-01' },
    ]);
  });

  it('compares plain lists by position, and says what was taken away', () => {
    expect(contentChanges({ points: ['one', 'two'] }, { points: ['one'] })).toEqual([
      { path: ['points', '2'], before: 'two', after: undefined },
    ]);
    expect(contentChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
