import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enginesUnderTest } from '../../tests/support/databases';
import { createContentRepository } from './content-repository';
import type { Db } from './database';

describe.each(enginesUnderTest())('content versions on $name', ({ open }) => {
  let database: Db;
  beforeEach(async () => {
    database = await open();
  });
  afterEach(async () => {
    await database.close();
  });

  it('keeps every publication, the newest shown; one made from an older version than the newest is refused', async () => {
    const content = createContentRepository(database);
    expect(await content.latestId()).toBeUndefined();
    const first = await content.publish({ fee: 1 }, { basedOn: undefined, now: new Date('2026-11-20T09:00:00Z') });
    if (!first.published) throw new Error('the first publication was refused');
    expect(await content.latestId()).toBe(first.id);

    // Two editors both started from the first version: the second to publish is refused, nothing is lost.
    const mine = await content.publish({ fee: 2 }, { basedOn: first.id, now: new Date('2026-11-20T09:05:00Z') });
    const theirs = await content.publish({ fee: 3 }, { basedOn: first.id, now: new Date('2026-11-20T09:06:00Z') });
    if (!mine.published) throw new Error('the second publication was refused');
    expect(theirs).toEqual({ published: false, reason: 'stale', latestId: mine.id });
    expect(JSON.parse((await content.latest())?.document ?? '')).toEqual({ fee: 2 });
    // Nor can anyone publish as if nothing had been published yet.
    expect((await content.publish({ fee: 4 }, { basedOn: undefined })).published).toBe(false);
  });

  it('goes live at its scheduled time; until then a publication made now is refused, or cancels it when told to', async () => {
    const content = createContentRepository(database);
    const at = (time: string) => new Date(`2026-11-24T${time}:00Z`);
    const first = await content.publish({ fee: 1 }, { basedOn: undefined, now: at('08:00') });
    if (!first.published) throw new Error('the first publication was refused');
    // Scheduled at 08:10 for 09:00 (the batch announced at 9 am).
    const later = await content.publish({ fee: 2 }, { basedOn: first.id, liveFrom: at('09:00'), now: at('08:10') });
    if (!later.published) throw new Error('the scheduled publication was refused');
    expect(await content.latestId(at('08:59'))).toBe(first.id);
    expect(await content.latestId(at('09:00'))).toBe(later.id);
    expect(await content.scheduled(at('08:30'))).toMatchObject({ id: later.id, live_from: at('09:00').toISOString() });
    expect(await content.scheduled(at('09:00'))).toBeUndefined();

    // A fix published at 08:30 would be undone at 09:00: refused, unless it cancels the scheduled one.
    const fix = await content.publish({ fee: 3 }, { basedOn: first.id, now: at('08:30') });
    expect(fix).toMatchObject({ published: false, reason: 'scheduled', scheduled: { id: later.id } });
    const second = await content.publish({ fee: 4 }, { basedOn: first.id, liveFrom: at('10:00'), now: at('08:30') });
    expect(second).toMatchObject({ published: false, reason: 'scheduled' });
    const fixed = await content.publish({ fee: 3 }, { basedOn: first.id, cancelScheduled: true, now: at('08:30') });
    expect(fixed).toMatchObject({ published: true, cancelled: { id: later.id } });
    expect(await content.latestId(at('09:30'))).toBe(fixed.published ? fixed.id : '');
    expect(JSON.parse((await content.latest(at('09:30')))?.document ?? '')).toEqual({ fee: 3 });

    // Newest first by when each was published: the fix (08:30), the cancelled one (08:10), the first.
    expect((await content.list({ now: at('09:30') })).map((version) => version.state)).toEqual([
      'live',
      'cancelled',
      'earlier',
    ]);
  });

  it('carries a scheduled publication onto one made now: it waits in its place, for the same time, by the same author', async () => {
    const content = createContentRepository(database);
    const at = (time: string) => new Date(`2026-11-24T${time}:00Z`);
    const first = await content.publish({ fee: 1 }, { basedOn: undefined, now: at('08:00') });
    if (!first.published) throw new Error('the first publication was refused');
    const later = await content.publish(
      { fee: 2 },
      { basedOn: first.id, liveFrom: at('09:00'), note: 'From 9 am', now: at('08:10') },
    );
    if (!later.published) throw new Error('the scheduled publication was refused');
    // Carrying another scheduled version than the one waiting is refused; nothing is written.
    const wrong = await content.publish(
      { fee: 1, phone: 'fixed' },
      { basedOn: first.id, carry: { from: first.id, document: {} }, now: at('08:30') },
    );
    expect(wrong).toMatchObject({ published: false, reason: 'scheduled' });
    const fixed = await content.publish(
      { fee: 1, phone: 'fixed' },
      { basedOn: first.id, carry: { from: later.id, document: { fee: 2, phone: 'fixed' } }, now: at('08:30') },
    );
    if (!fixed.published || !fixed.carried) throw new Error('the fix was not published with the scheduled one carried');
    expect(fixed.carried.live_from).toBe(at('09:00').toISOString());
    expect(JSON.parse((await content.latest(at('08:45')))?.document ?? '')).toEqual({ fee: 1, phone: 'fixed' });
    expect(await content.scheduled(at('08:45'))).toMatchObject({ id: fixed.carried.id });
    expect(await content.latestId(at('09:00'))).toBe(fixed.carried.id);
    expect(JSON.parse((await content.latest(at('09:00')))?.document ?? '')).toEqual({ fee: 2, phone: 'fixed' });
    // The fix and the carried version were both written at 08:30 (in either order), then the cancelled one and the first.
    const listed = (await content.list({ now: at('08:45') })).map((version) => [
      version.state,
      version.note,
      version.based_on,
    ]);
    expect(listed.slice(0, 2)).toEqual(
      expect.arrayContaining([
        ['scheduled', 'From 9 am', fixed.id],
        ['live', null, first.id],
      ]),
    );
    expect(listed.slice(2)).toEqual([
      ['cancelled', 'From 9 am', first.id],
      ['earlier', null, null],
    ]);
  });

  it('cancels a scheduled publication only while it waits', async () => {
    const content = createContentRepository(database);
    const at = (time: string) => new Date(`2026-11-24T${time}:00Z`);
    const scheduled = await content.publish(
      { fee: 2 },
      { basedOn: undefined, liveFrom: at('09:00'), now: at('08:00') },
    );
    if (!scheduled.published) throw new Error('the scheduled publication was refused');
    expect(await content.cancel(scheduled.id, { by: 'someone', now: at('09:01') })).toBe(false);
    expect(await content.latestId(at('09:01'))).toBe(scheduled.id);
    const next = await content.publish({ fee: 3 }, { basedOn: scheduled.id, liveFrom: at('11:00'), now: at('10:00') });
    if (!next.published) throw new Error('the second scheduled publication was refused');
    expect(await content.cancel(next.id, { by: 'someone', now: at('10:30') })).toBe(true);
    expect(await content.latestId(at('11:30'))).toBe(scheduled.id);
    expect(await content.cancel(next.id, { by: 'someone', now: at('10:31') })).toBe(false);
  });
});
