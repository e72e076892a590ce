import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../engine';
import { searchKeyColumns } from '../search-key';
import { searched as searchedBefore } from './007-search-index';
import { createSearchTable, dropSearchTable } from './sqlite-search-table';

/**
 * The inbox's search finds a name in either script, a city, and part of an email
 * (inbox-repository.ts): `name_key` and `city_key` hold the search keys of the student's
 * and parent's names and of the city (search-key.ts: "शर्मा" and "Sharma" both ` sarma`),
 * written by save() from now on and computed here, in TypeScript, for the enquiries already
 * there. Indexed as 007 indexes the names, with `email` beside them:
 * - PostgreSQL: trigram indexes on the keys and on lower(email);
 * - SQLite: the FTS5 table made again over the new columns too (its columns are fixed when
 *   it is made), with its triggers, and rebuilt from the rows.
 */
const keys = ['name_key', 'city_key'] as const;
const searchedAfter = [...searchedBefore, ...keys, 'email'] as const;

/** Rows keyed per statement: 500 × 3 parameters stays far under either engine's limit. */
const BATCH = 500;

type Named = { id: string; student_name: string; parent_name: string | null; city: string | null };

/** Computes the keys of every enquiry, BATCH at a time in the order of their ids. */
export async function backfillSearchKeys(db: Kysely<unknown>) {
  let after = '';
  for (;;) {
    const { rows } = await sql<Named>`select id, student_name, parent_name, city from enquiries
      where id > ${after} order by id limit ${BATCH}`.execute(db);
    const last = rows.at(-1);
    if (!last) return;
    const keyed = rows.map((row) => {
      const columns = searchKeyColumns({ studentName: row.student_name, parentName: row.parent_name, city: row.city });
      return sql`(${row.id}, ${columns.name_key ?? null}, ${columns.city_key ?? null})`;
    });
    await sql`with keyed (id, name_key, city_key) as (values ${sql.join(keyed)})
      update enquiries set name_key = keyed.name_key, city_key = keyed.city_key
      from keyed where enquiries.id = keyed.id`.execute(db);
    after = last.id;
  }
}

const pgIndexes = {
  enquiries_name_key_trgm: sql`name_key`,
  enquiries_city_key_trgm: sql`city_key`,
  enquiries_email_trgm: sql`lower(email)`,
};

async function addKeys(db: Kysely<unknown>) {
  // One column a statement: SQLite adds no more.
  for (const key of keys) await db.schema.alterTable('enquiries').addColumn(key, 'text').execute();
  await backfillSearchKeys(db);
}

async function dropKeys(db: Kysely<unknown>) {
  for (const key of keys) await db.schema.alterTable('enquiries').dropColumn(key).execute();
}

export function forEngine(engine: Engine): Migration {
  if (engine === 'postgres') {
    return {
      async up(db: Kysely<unknown>) {
        await addKeys(db);
        for (const [name, expression] of Object.entries(pgIndexes))
          await sql`create index ${sql.id(name)} on enquiries using gin ((${expression}) gin_trgm_ops)`.execute(db);
      },
      async down(db: Kysely<unknown>) {
        for (const name of Object.keys(pgIndexes)) await db.schema.dropIndex(name).execute();
        await dropKeys(db);
      },
    };
  }
  return {
    async up(db: Kysely<unknown>) {
      // Dropped first, so that filling the keys fires no trigger; made again and rebuilt after.
      await dropSearchTable(db);
      await addKeys(db);
      await createSearchTable(db, searchedAfter);
    },
    async down(db: Kysely<unknown>) {
      await dropSearchTable(db);
      await dropKeys(db);
      await createSearchTable(db, searchedBefore);
    },
  };
}
