/**
 * SQLite: the inbox's search index (migrations 007 and 016). An FTS5 table with the trigram
 * tokenizer over some columns of `enquiries`, reading its text from there (external
 * content, so nothing is stored twice) and kept in step by triggers; the inbox asks it for
 * rowids (inbox-repository.ts). Its columns are fixed when it is made: another column means
 * dropping it and making it again, as 016 does.
 */
import { type Kysely, sql } from 'kysely';

const triggers = ['enquiries_search_insert', 'enquiries_search_delete', 'enquiries_search_update'] as const;

/** Makes the table and its triggers over `searched`, and indexes the enquiries already there. */
export async function createSearchTable(db: Kysely<unknown>, searched: readonly string[]) {
  const columns = sql.raw(searched.join(', '));
  const values = (row: 'new' | 'old') => sql.raw(searched.map((column) => `${row}.${column}`).join(', '));
  // The 'delete' command of an external-content table needs the old values, to find their trigrams.
  const remove = sql`insert into enquiry_search (enquiry_search, rowid, ${columns}) values ('delete', old.rowid, ${values('old')});`;
  const add = sql`insert into enquiry_search (rowid, ${columns}) values (new.rowid, ${values('new')});`;
  await sql`create virtual table enquiry_search using fts5(${columns}, content='enquiries', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger enquiries_search_insert after insert on enquiries begin ${add} end`.execute(db);
  await sql`create trigger enquiries_search_delete after delete on enquiries begin ${remove} end`.execute(db);
  await sql`create trigger enquiries_search_update after update of ${columns} on enquiries begin ${remove} ${add} end`.execute(
    db,
  );
  await sql`insert into enquiry_search (enquiry_search) values ('rebuild')`.execute(db);
}

export async function dropSearchTable(db: Kysely<unknown>) {
  for (const trigger of triggers) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table enquiry_search`.execute(db);
}
