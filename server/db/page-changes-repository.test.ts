import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enginesUnderTest } from '../../tests/support/databases';
import type { Db } from './database';
import { createPageChangesRepository } from './page-changes-repository';

describe.each(enginesUnderTest())('page changes (sitemap lastmod) on $name', ({ open }) => {
  let database: Db;
  beforeEach(async () => {
    database = await open();
  });
  afterEach(async () => {
    await database.close();
  });

  it('keeps the day a page last changed: the same hash keeps it, another hash moves it, and a second instance takes the first one’s day', async () => {
    const first = createPageChangesRepository(database);
    const second = createPageChangesRepository(database);
    const served = new Map([
      ['/', 'home-1'],
      ['/courses/jee', 'jee-1'],
      ['/hi/courses/jee', 'hi-jee-1'],
    ]);
    expect(await first.days()).toEqual(new Map());
    expect(await first.record(served, '2026-11-20')).toEqual(
      new Map([
        ['/', '2026-11-20'],
        ['/courses/jee', '2026-11-20'],
        ['/hi/courses/jee', '2026-11-20'],
      ]),
    );
    // A new day, nothing changed: the days stay.
    expect((await first.record(served, '2026-11-21')).get('/courses/jee')).toBe('2026-11-20');

    // The fee changed: the course page in both languages moves to the day it was first served, the home page stays.
    const published = new Map([...served, ['/courses/jee', 'jee-2'], ['/hi/courses/jee', 'hi-jee-2']]);
    const days = await first.record(published, '2026-11-24');
    expect(days).toEqual(
      new Map([
        ['/', '2026-11-20'],
        ['/courses/jee', '2026-11-24'],
        ['/hi/courses/jee', '2026-11-24'],
      ]),
    );
    // Another instance rendering the same pages later (even on a later day) serves the same days.
    expect(await second.record(published, '2026-11-25')).toEqual(days);
    expect(await second.days()).toEqual(days);
  });
});
