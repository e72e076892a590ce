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
    const first = await content.publish({ fee: 1 }, { basedOn: undefined, now: new Date('2026-11-24T09:00:00Z') });
    if (!first.published) throw new Error('the first publication was refused');
    expect(await content.latestId()).toBe(first.id);

    // Two editors both started from the first version: the second to publish is refused, nothing is lost.
    const mine = await content.publish({ fee: 2 }, { basedOn: first.id, now: new Date('2026-11-24T09:05:00Z') });
    const theirs = await content.publish({ fee: 3 }, { basedOn: first.id, now: new Date('2026-11-24T09:06:00Z') });
    if (!mine.published) throw new Error('the second publication was refused');
    expect(theirs).toEqual({ published: false, latestId: mine.id });
    expect(JSON.parse((await content.latest())?.document ?? '')).toEqual({ fee: 2 });
    // Nor can anyone publish as if nothing had been published yet.
    expect((await content.publish({ fee: 4 }, { basedOn: undefined })).published).toBe(false);
  });
});
