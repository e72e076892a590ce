/**
 * The browser tests' server for booking a seat (tests/e2e/events.spec.ts): before the site
 * starts, it publishes a version of the starting content whose sessions are dated from today
 * (the starting content's own dates pass), so the test reads the same pages on any day. Its own
 * database, so the other tests' pages never change under them.
 */
import { rmSync } from 'node:fs';
import { createContentRepository } from '../../server/db/content-repository';
import { openDatabase } from '../../server/db/database';
import { startingContent } from '../../src/content/site-content';
import { e2eSessions } from './event-sessions';

const url = process.env.DATABASE_URL;
if (!url?.startsWith('file:')) throw new Error('tests/support/events-server.ts: DATABASE_URL must be a SQLite file');
// Every run starts with every seat free (the one-seat session above all).
for (const suffix of ['', '-wal', '-shm']) rmSync(`${url.slice('file:'.length)}${suffix}`, { force: true });
const database = await openDatabase(url);
try {
  await createContentRepository(database).publish(
    { ...startingContent, institute: { ...startingContent.institute, eventSessions: e2eSessions() } },
    { basedOn: undefined },
  );
} finally {
  await database.close();
}
await import('../../server/server');
