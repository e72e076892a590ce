import { describe, expect, it } from 'vitest';
import { after } from './lead-queue';

describe('"Next lead"', () => {
  it('goes to the next family in the list, never back to the one open', () => {
    expect(after(['a', 'b', 'c'], 'a')).toBe('b');
    // A family listed twice (a follow-up due, and not reached yet): the next is another family.
    expect(after(['a', 'a', 'b'], 'a')).toBe('b');
    expect(after(['a', 'b', 'a'], 'b')).toBe('a');
  });

  it('has none after the last, nor for an enquiry not in the list', () => {
    expect(after(['a', 'b'], 'b')).toBeUndefined();
    expect(after(['a', 'a'], 'a')).toBeUndefined();
    expect(after(['a', 'b'], 'z')).toBeUndefined();
  });
});
