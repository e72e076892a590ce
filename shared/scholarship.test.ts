/** What a counsellor types at the door, read as the roll number it is; marks read as the scholarship they earn. */
import { describe, expect, it } from 'vitest';
import { initialScholarship, scholarshipFor } from './scholarship';
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

describe('the scholarship marks earn', () => {
  it.each([
    [100, 90],
    [90, 90],
    [89.5, 75],
    [50, 10],
    [49, 0],
    [-4, 0],
  ])('%d marks of 100 → %d%% off', (marks, percent) => {
    expect(scholarshipFor(marks, initialScholarship)).toBe(percent);
  });
});
