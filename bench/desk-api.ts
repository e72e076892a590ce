/**
 * The desk's own requests, as a counsellor's browser makes them, for `npm run bench:desk`: the
 * app built on the seeded database (`buildApp`, no port: `app.inject`, so the figures are the
 * server's time without a network), a counsellor signed in, and each case a GET through the
 * session check, the route, the queries and the reply's schema. Today (theirs and everyone's),
 * the record view (any family's record, and one whose family asked before), the unread count
 * every open desk tab polls every 15 s, and the messages filled in for a family.
 */
import { rmSync } from 'node:fs';
import { makeClientDir } from '../tests/support/client-dir';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/database';

/** What every seeded member of staff signs in with (hashed at the test cost: signing in is not measured). */
export const PASSWORD = 'bench password, not a real one';

const ORIGIN = 'http://localhost:80';

/** A request to time: its path(s), taken in turn from run to run. */
export type ApiCase = { name: string; urls: string[] };

export function apiCases({ records, withHistory }: { records: string[]; withHistory: string[] }): ApiCase[] {
  const each = (ids: string[], suffix = '') => ids.map((id) => `/api/staff/enquiries/${id}${suffix}`);
  return [
    { name: 'api: Today, mine (a counsellor)', urls: ['/api/staff/today?who=mine'] },
    { name: 'api: Today, all', urls: ['/api/staff/today?who=all'] },
    { name: 'api: record view, any family', urls: each(records) },
    { name: 'api: record view, family that asked before', urls: each(withHistory) },
    { name: 'api: notifications/unread', urls: ['/api/staff/notifications/unread'] },
    { name: 'api: messages', urls: each(records, '/messages') },
  ];
}

/**
 * The desk's server on `database`, with `email` signed in: `get(url)` answers the reply's body
 * (and throws on anything but 200, so that a broken case is not timed as a fast one).
 */
export async function deskServer(database: Db, email: string) {
  const clientDir = makeClientDir();
  const config = loadConfig({ NODE_ENV: 'test', STAFF_PASSWORD_COST: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, clientDir, database, deliveryWorker: false });
  const session = await app.inject({
    method: 'POST',
    url: '/api/staff/session',
    headers: { origin: ORIGIN },
    payload: { email, password: PASSWORD },
  });
  const token = session.cookies.find((cookie) => cookie.name === 'desk_session')?.value;
  if (!token) throw new Error(`signing in as ${email}: ${session.statusCode} ${session.body}`);
  const get = async (url: string) => {
    const reply = await app.inject({
      method: 'GET',
      url,
      headers: { origin: ORIGIN, cookie: `desk_session=${token}` },
    });
    if (reply.statusCode !== 200) throw new Error(`GET ${url}: ${reply.statusCode} ${reply.body}`);
    return reply.json() as Record<string, unknown>;
  };
  const close = async () => {
    await app.close();
    rmSync(clientDir, { recursive: true, force: true });
  };
  return { get, close };
}

/** What a reply holds, in a few words for the table's last column. */
export function matchedIn(body: Record<string, unknown>): string {
  const length = (key: string) => (Array.isArray(body[key]) ? (body[key] as unknown[]).length : 0);
  if ('overdue' in body)
    return `${length('overdue')} overdue, ${length('followUps')} follow-ups, ${length('fresh')} new`;
  if ('family' in body) {
    const family = body.family as { enquiries: unknown[]; phones: unknown[] };
    return `${family.enquiries.length} earlier, ${length('notes')} notes, ${length('audit')} trail`;
  }
  if ('unread' in body) return `${String(body.unread)} unread`;
  return `${length('messages')} messages`;
}
