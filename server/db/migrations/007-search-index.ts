import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../engine';
import { createSearchTable, dropSearchTable } from './sqlite-search-table';

/**
 * Indexes for the inbox's search by part of a name or a phone number (`%sharm%`,
 * `%43210%`), which no ordinary index can answer: every search would read every row.
 * - PostgreSQL: trigram indexes (the `pg_trgm` extension, shipped with PostgreSQL and
 *   trusted since version 13, so the database's owner may create it), one per searched
 *   column; `LIKE '%…%'` uses them as it is.
 * - SQLite: an FTS5 table with the trigram tokenizer over the same four columns, reading
 *   its text from `enquiries` (external content, so nothing is stored twice) and kept in
 *   step by triggers (sqlite-search-table.ts). The inbox asks it for rowids (inbox-repository.ts).
 */
export const searched = ['student_name', 'parent_name', 'phone', 'parent_phone'] as const;
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
  return {
    up: (db: Kysely<unknown>) => createSearchTable(db, searched),
    down: (db: Kysely<unknown>) => dropSearchTable(db),
  };
}
