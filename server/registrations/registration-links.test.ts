import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { enginesUnderTest, freshPostgresUrl } from '../../tests/support/databases';
import { type Db, openDatabase } from '../db/database';
import { createRegistrationLinks } from './registration-links';

describe.each(enginesUnderTest())("registrants' links on $name", ({ open }) => {
  let database: Db;
  afterEach(async () => database?.close());

  it('a token names its registration; altered, or signed with another key, it names nobody', async () => {
    database = await open();
    const links = createRegistrationLinks(database);
    const id = randomUUID();
    const token = await links.tokenFor(id);
    expect(await links.idOf(token)).toBe(id);
    // The key made on first use is kept: a restarted server checks the same tokens.
    expect(await createRegistrationLinks(database).idOf(token)).toBe(id);
    expect(await links.idOf(`${randomUUID()}${token.slice(36)}`)).toBeUndefined();
    expect(await links.idOf(`${token.slice(0, -2)}${token.endsWith('xx') ? 'yy' : 'xx'}`)).toBeUndefined();
    expect(await links.idOf(`${token}.more`)).toBeUndefined();
    expect(await createRegistrationLinks(database, 'k'.repeat(32)).idOf(token)).toBeUndefined();
  });
});

describe.runIf(inject('postgresUrl'))("registrants' links across two instances", () => {
  it('two instances starting together make one key between them', async () => {
    const url = await freshPostgresUrl(String(inject('postgresUrl')), inject('postgresTemplate'));
    const [one, two] = [await openDatabase(url), await openDatabase(url)];
    try {
      const [first, second] = [createRegistrationLinks(one), createRegistrationLinks(two)];
      const id = randomUUID();
      const [fromFirst, fromSecond] = await Promise.all([first.tokenFor(id), second.tokenFor(id)]);
      expect(fromFirst).toBe(fromSecond);
      expect(await second.idOf(fromFirst)).toBe(id);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
