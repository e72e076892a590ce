import { describe, expect, it } from 'vitest';
import { fromInstituteTime } from './institute-calendar';
import { localInput, nextCallChoices } from './next-call';

const ist = (local: string) => new Date(`${local}+05:30`);

describe('the quick choices for the next call (India time)', () => {
  it('offers an hour from now, 6 pm today, and tomorrow at 10 am and 6 pm, in the afternoon', () => {
    expect(nextCallChoices(ist('2026-11-27T14:07'))).toEqual([
      { label: 'In 1 hour', at: '2026-11-27T15:10' },
      { label: '6 pm today', at: '2026-11-27T18:00' },
      { label: 'Tomorrow 10 am', at: '2026-11-28T10:00' },
      { label: 'Tomorrow 6 pm', at: '2026-11-28T18:00' },
    ]);
  });

  it('drops "6 pm today" once it is too near, and "tomorrow" is the institute’s tomorrow late at night (UTC’s today)', () => {
    // 23:40 in India is 18:10 UTC: tomorrow is the 28th for the family, whatever the server's zone.
    const choices = nextCallChoices(new Date('2026-11-27T18:10:00Z'));
    expect(choices.map((choice) => choice.label)).toEqual(['In 1 hour', 'Tomorrow 10 am', 'Tomorrow 6 pm']);
    expect(choices[0]?.at).toBe('2026-11-28T00:40');
    expect(choices[1]?.at).toBe('2026-11-28T10:00');
  });

  it('is read back as the same moment the server stores', () => {
    const at = ist('2026-11-27T18:00');
    expect(localInput(at)).toBe('2026-11-27T18:00');
    expect(fromInstituteTime(localInput(at)).toISOString()).toBe(at.toISOString());
  });
});
