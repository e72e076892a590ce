/**
 * A key the server makes for itself: `configured` when a setting gives one, or else made on
 * first use and kept in the database (site_secrets), so every instance signs and checks alike.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from './db/database';

export function siteKey({ db }: Db, name: string, configured?: string): () => Promise<string> {
  let key: Promise<string> | undefined;
  return () =>
    (key ??= (async () => {
      if (configured) return configured;
      await db
        .insertInto('site_secrets')
        .values({ name, value: randomBytes(32).toString('base64url') })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const stored = await db
        .selectFrom('site_secrets')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return stored.value;
    })().catch((error: unknown) => {
      key = undefined;
      throw error;
    }));
}
