import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../engine';

/**
 * Indexes for the inbox's search by part of a name or a phone number (`%sharm%`,
 * `%43210%`), which no ordinary index can answer: every search would read every row.
 * - PostgreSQL: trigram indexes (the `pg_trgm` extension, shipped with PostgreSQL and
 *   trusted since version 13, so the database's owner may create it), one per searched
 *   column; `LIKE '%…%'` uses them as it is.
 * - SQLite: an FTS5 table with the trigram tokenizer over the same four columns, reading
 *   its text from `enquiries` (external content, so nothing is stored twice) and kept in
 *   step by triggers. The inbox asks it for rowids (inbox-repository.ts).
 */
const searched = ['student_name', 'parent_name', 'phone', 'parent_phone'] as const;
const lowered = new Set<string>(['student_name', 'parent_name']);

const pgIndex = (column: string) => `enquiries_${column}_trgm`;

export function forEngine(engine: Engine): Migration {
  if (engine === 'postgres') {
    return {
      async up(db: Kysely<unknown>) {
        await sql`create extension if not exists pg_trgm`.execute(db);
        for (const column of searched) {
          const expression = lowered.has(column) ? sql`lower(${sql.ref(column)})` : sql.ref(column);
          await sql`create index ${sql.id(pgIndex(column))} on enquiries using gin ((${expression}) gin_trgm_ops)`.execute(
            db,
          );
        }
      },
      async down(db: Kysely<unknown>) {
        for (const column of searched) await db.schema.dropIndex(pgIndex(column)).execute();
      },
    };
  }
  const columns = sql.raw(searched.join(', '));
  const values = (row: 'new' | 'old') => sql.raw(searched.map((column) => `${row}.${column}`).join(', '));
  // The 'delete' command of an external-content table needs the old values, to find their trigrams.
  const remove = sql`insert into enquiry_search (enquiry_search, rowid, ${columns}) values ('delete', old.rowid, ${values('old')});`;
  const add = sql`insert into enquiry_search (rowid, ${columns}) values (new.rowid, ${values('new')});`;
  return {
    async up(db: Kysely<unknown>) {
      await sql`create virtual table enquiry_search using fts5(${columns}, content='enquiries', tokenize='trigram')`.execute(
        db,
      );
      await sql`create trigger enquiries_search_insert after insert on enquiries begin ${add} end`.execute(db);
      await sql`create trigger enquiries_search_delete after delete on enquiries begin ${remove} end`.execute(db);
      await sql`create trigger enquiries_search_update after update of ${columns} on enquiries begin ${remove} ${add} end`.execute(
        db,
      );
      // Index the enquiries already there.
      await sql`insert into enquiry_search (enquiry_search) values ('rebuild')`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const trigger of ['enquiries_search_insert', 'enquiries_search_delete', 'enquiries_search_update'])
        await sql`drop trigger ${sql.id(trigger)}`.execute(db);
      await sql`drop table enquiry_search`.execute(db);
    },
  };
}
