/** What a counsellor types at the door, read as the roll number it is; marks read as the scholarship they earn. */
import { describe, expect, it } from 'vitest';
import { type ScholarshipTable, scholarshipFor, scholarshipRange, scholarshipWords } from './scholarship';
import { normaliseRollNumber } from './schema/events';

describe('a roll number as typed or scanned', () => {
  it.each([
    ['ST-7K3M9Q2X', 'scholarship-test', 'ST-7K3M9Q2X'],
    ['st 7k3m 9q2x', 'scholarship-test', 'ST-7K3M9Q2X'],
    ['ST7K3M9Q2X', 'scholarship-test', 'ST-7K3M9Q2X'],
    // Only the eight characters: the event's letters are the session's.
    ['7k3m9q2x', 'demo-class', 'DC-7K3M9Q2X'],
    // Read aloud or copied by hand: O for zero, I or L for one.
    ['DC-O1LI9Q2X', 'demo-class', 'DC-01119Q2X'],
    // Not a roll number: looked up as typed, and found nowhere.
    ['ST-123', 'scholarship-test', 'ST-123'],
  ] as const)('%s (%s) → %s', (typed, type, stored) => {
    expect(normaliseRollNumber(typed, type)).toBe(stored);
  });
});

/** A table like the starting content's (src/content/institute.ts): out of 100, 50% off from 90 marks down to 10% from 50. */
const table: ScholarshipTable = {
  maxMarks: 100,
  bands: [
    { from: 60, percent: 20 },
    { from: 90, percent: 50 },
    { from: 50, percent: 10 },
    { from: 80, percent: 40 },
    { from: 70, percent: 30 },
  ],
};

describe('the scholarship marks earn', () => {
  it.each([
    [100, 50],
    [90, 50],
    [89.5, 40],
    [82, 40],
    [50, 10],
    [49, 0],
    [-4, 0],
  ])('%d marks of 100 → %d%% off', (marks, percent) => {
    expect(scholarshipFor(marks, table)).toBe(percent);
  });
});

describe('what the desk calls it', () => {
  it('names the percentage, and below every band says there is none and from where one starts', () => {
    expect(scholarshipWords(scholarshipFor(82, table), table)).toBe('Scholarship: 40% off the fee');
    expect(scholarshipWords(scholarshipFor(45, table), table)).toBe('No scholarship: below 50');
    expect(scholarshipWords(0, { maxMarks: 100, bands: [] })).toBe('No scholarship');
  });
});

describe('the range the pages promise', () => {
  it('is the smallest and the largest percentage of the bands, whatever their order', () => {
    expect(scholarshipRange(table)).toEqual({ min: 10, max: 50 });
    expect(
      scholarshipRange({
        maxMarks: 200,
        bands: [
          { from: 100, percent: 15 },
          { from: 180, percent: 60 },
          { from: 150, percent: 35 },
        ],
      }),
    ).toEqual({ min: 15, max: 60 });
  });

  it('is none without bands (the content check refuses such a table)', () => {
    expect(scholarshipRange({ maxMarks: 100, bands: [] })).toBeUndefined();
  });
});
