/**
 * The desk's inbox: its filters and search (also the export's: inbox-export-repository.ts),
 * one page of rows and how many match, and the campaign sources to filter by.
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { InboxQuery } from '../../shared/schema/desk';
import { NO_SOURCE } from '../../shared/schema/desk-vocabulary';
import { addDays, startOfLocalDay } from '../../shared/institute-calendar';
import type { Db } from './database';
import type { Database } from './schema';
import { searchedKey } from './search-key';

/** The columns of a row in the inbox and in Today's lists. */
export const summaryColumns = [
  'enquiries.id',
  'enquiries.created_at',
  'enquiries.status',
  'enquiries.student_name',
  'enquiries.course',
  'enquiries.class_level',
  'enquiries.city',
  'enquiries.enquirer',
  'enquiries.language',
  'enquiries.phone',
  'enquiries.parent_name',
  'enquiries.parent_phone',
  'enquiries.assignee_id',
  'enquiries.next_follow_up',
  'enquiries.next_follow_up_at',
  'enquiries.version',
  'enquiries.student_under_18',
  // Enough of where it came from to say it in a few words (describeSource).
  'enquiries.utm_source',
  'enquiries.utm_medium',
  'enquiries.utm_campaign',
  'enquiries.fbclid',
  'enquiries.gclid',
  'enquiries.referrer_host',
] as const;

/**
 * One word of three or more of the characters an address holds is searched in the emails
 * too (`gmail`, `priya.s`, `@yahoo`, `sharma`): a name typed alone is often part of one.
 */
const EMAIL_PART = /^[a-z0-9._%+@-]{3,}$/;

/**
 * How a search is read: ten or more digits are a phone number, some digits part of one,
 * anything else a name (as typed, and as its search key: a name or a city in either
 * script) and, when it could be, part of an email.
 */
export function readSearch(q: string): {
  phone?: string;
  digits?: string;
  name?: string;
  key?: string;
  email?: string;
} {
  const digits = q.replace(/\D/g, '');
  const looksLikePhone = /^[\d\s+()./-]+$/.test(q);
  if (looksLikePhone && digits.length >= 10) return { phone: `+91${digits.slice(-10)}` };
  if (looksLikePhone && digits.length >= 3) return { digits };
  const name = q.toLowerCase();
  // Digits or an @ make it no name (sharma12 is part of an address, not every Sharma).
  const key = /[\d@]/.test(q) ? undefined : searchedKey(q);
  return { name, ...(key ? { key } : {}), ...(EMAIL_PART.test(name) ? { email: name } : {}) };
}

/** LIKE with the user's % and _ taken literally. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The fewest characters a trigram index can look up; shorter searches read every row. */
const TRIGRAM = 3;
const usesIndex = (text: string) => [...text].length >= TRIGRAM;

/**
 * SQLite: the rows where any of the `columns` of a phrase contain its `text`, from the FTS5
 * trigram index (migrations 007, 016). The LIKE conditions stay beside it, so the index
 * narrows the rows and LIKE decides (PostgreSQL's trigram indexes serve LIKE by themselves).
 */
function inSearchIndex(...phrases: { columns: string[]; text: string }[]) {
  const query = phrases
    .map(({ columns, text }) => `{${columns.join(' ')}}: "${text.replaceAll('"', '""')}"`)
    .join(' OR ');
  return sql<boolean>`enquiries.rowid in (select rowid from enquiry_search where enquiry_search match ${query})`;
}

/** The families' records the inbox's filters and search match, as a condition. */
export function inboxFilter(engine: Db['engine'], query: InboxQuery, staffId: string) {
  return (eb: ExpressionBuilder<Database, 'enquiries'>) => {
    // A family is one record: its newest enquiry (the earlier ones are its history).
    const conditions: Expression<SqlBool>[] = [eb('enquiries.superseded_at', 'is', null)];
    if (query.status) conditions.push(eb('enquiries.status', '=', query.status));
    if (query.course) conditions.push(eb('enquiries.course', '=', query.course));
    if (query.assignee === 'none') conditions.push(eb('enquiries.assignee_id', 'is', null));
    else if (query.assignee)
      conditions.push(eb('enquiries.assignee_id', '=', query.assignee === 'me' ? staffId : query.assignee));
    if (query.source === NO_SOURCE) conditions.push(eb('enquiries.utm_source', 'is', null));
    else if (query.source) conditions.push(eb('enquiries.utm_source', '=', query.source));
    if (query.from) conditions.push(eb('enquiries.created_at', '>=', startOfLocalDay(query.from).toISOString()));
    if (query.to) conditions.push(eb('enquiries.created_at', '<', startOfLocalDay(addDays(query.to, 1)).toISOString()));
    if (query.q) {
      const search = readSearch(query.q);
      if (search.phone)
        conditions.push(
          eb.or([eb('enquiries.phone', '=', search.phone), eb('enquiries.parent_phone', '=', search.phone)]),
        );
      if (search.digits) {
        const pattern = `%${search.digits}%`;
        conditions.push(eb.or([eb('enquiries.phone', 'like', pattern), eb('enquiries.parent_phone', 'like', pattern)]));
        if (engine === 'sqlite')
          conditions.push(inSearchIndex({ columns: ['phone', 'parent_phone'], text: search.digits }));
      }
      if (search.name) {
        const contains = (text: string) => sql<string>`${`%${likeEscape(text)}%`} escape '\\'`;
        const { key, email } = search;
        conditions.push(
          eb.or([
            eb(sql`lower(enquiries.student_name)`, 'like', contains(search.name)),
            eb(sql`lower(enquiries.parent_name)`, 'like', contains(search.name)),
            ...(key
              ? [eb('enquiries.name_key', 'like', contains(key)), eb('enquiries.city_key', 'like', contains(key))]
              : []),
            ...(email ? [eb(sql`lower(enquiries.email)`, 'like', contains(email))] : []),
          ]),
        );
        if (engine === 'sqlite' && usesIndex(search.name))
          conditions.push(
            inSearchIndex(
              { columns: ['student_name', 'parent_name', ...(email ? ['email'] : [])], text: search.name },
              ...(key ? [{ columns: ['name_key', 'city_key'], text: key }] : []),
            ),
          );
      }
    }
    return eb.and(conditions);
  };
}

export function createInboxRepository(database: Db) {
  const { db, engine } = database;
  const filtered = (query: InboxQuery, staffId: string) => inboxFilter(engine, query, staffId);

  /**
   * One page of the inbox, newest first, and how many match in all.
   * A search takes its rows from the trigram index; SQLite would still rather walk the
   * date index newest first, testing every row, until a page is full: the whole table
   * when little matches (a quarter of a second at 100,000). `+created_at` keeps it from
   * using that index for the order: it takes the matches and sorts them.
   */
  async function inbox(query: InboxQuery, staffId: string) {
    const where = filtered(query, staffId);
    const search = query.q ? readSearch(query.q) : {};
    const scanThenSort = engine === 'sqlite' && Boolean(search.digits || (search.name && usesIndex(search.name)));
    const newestFirst = scanThenSort ? sql`+enquiries.created_at` : sql.ref('enquiries.created_at');
    const [items, total] = await Promise.all([
      db
        .selectFrom('enquiries')
        .leftJoin('staff', 'staff.id', 'enquiries.assignee_id')
        .select([...summaryColumns, 'staff.name as assignee_name'])
        .where(where)
        .orderBy(newestFirst, 'desc')
        .orderBy('enquiries.id', 'desc')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute(),
      db
        .selectFrom('enquiries')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where(where)
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  }

  /** The campaign sources enquiries have come with (the inbox's filter), the most frequent first. */
  const sources = async () =>
    (
      await db
        .selectFrom('enquiries')
        .select(['utm_source', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('utm_source', 'is not', null)
        .groupBy('utm_source')
        .orderBy('n', 'desc')
        .limit(50)
        .execute()
    ).map((row) => row.utm_source as string);

  return { inbox, sources };
}

export type InboxRepository = ReturnType<typeof createInboxRepository>;
