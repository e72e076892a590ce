import { describe, expect, it } from 'vitest';
import { copy } from './copy';
import { initialsOf } from './page-data';

describe('initials for a teacher without a portrait', () => {
  it('takes the first letter of the first and last name, without titles, in the name’s own script', () => {
    expect(initialsOf('Dr. Meenakshi Rathore')).toBe('MR');
    expect(initialsOf('डॉ. मीनाक्षी राठौर')).toBe('मर');
    expect(initialsOf('Imran')).toBe('I');
    expect(initialsOf('Vikram Singh Shekhawat')).toBe('VS');
  });

  it('gives every teacher in every language one or two letters', () => {
    for (const language of ['en', 'hi'] as const) {
      for (const teacher of Object.values(copy[language].teachers)) {
        expect([...initialsOf(teacher.name)].length, teacher.name).toBeGreaterThanOrEqual(1);
        expect([...initialsOf(teacher.name)].length, teacher.name).toBeLessThanOrEqual(2);
      }
    }
  });
});
