/**
 * Opens the database named by DATABASE_URL and brings its schema up to date.
 * - `file:PATH`: embedded SQLite (better-sqlite3), WAL mode, created on first start;
 * - `postgres://…`: PostgreSQL (pg), for several server instances sharing one database.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { migrationsFor } from './migrations';
import type { Database } from './schema';
import type { Engine } from './engine';

export type { Engine } from './engine';

export type Db = {
  db: Kysely<Database>;
  engine: Engine;
  /** The DATABASE_URL it was opened with. */
  url: string;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping: () => Promise<void>;
  /**
   * A connection for one long read (the export's cursor, `.stream()`), closed with `close()`.
   * SQLite: Kysely has one connection and holds it for a whole `.stream()`, so every other
   * query (an enquiry being stored, /healthz) would wait for the export. The reader is a
   * read-only connection of its own: it reads one snapshot (WAL) while the shared one goes on
   * writing. (A `:memory:` database has no second connection: the shared one is used.)
   * PostgreSQL: the pool; a cursor holds one of its clients until the stream ends.
   */
  reader: () => Reader;
  close: () => Promise<void>;
};

export type Reader = { db: Kysely<Database>; close: () => Promise<void> };

/** Rows per round trip of a PostgreSQL cursor (SQLite's reads a row at a time). */
export const STREAM_CHUNK_ROWS = 500;

/**
 * The rows of the query `build` makes, read through a cursor on a reader of their own
 * (Db.reader), opened at the first row asked for and closed when the stream ends, however
 * it ends (the last row, an error, or the consumer stopping early: `return()` closes the
 * cursor first).
 */
export async function* streamRows<Row>(
  database: Db,
  build: (db: Kysely<Database>) => { stream: (chunkSize?: number) => AsyncIterableIterator<Row> },
): AsyncGenerator<Row> {
  const reader = database.reader();
  try {
    yield* build(reader.db).stream(STREAM_CHUNK_ROWS);
  } finally {
    await reader.close();
  }
}

/** A unique constraint or a primary key refused the row (PostgreSQL 23505; SQLite's UNIQUE or PRIMARY KEY constraint). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * SQLite changes its schema inside transactions as well as PostgreSQL does, but Kysely's
 * adapter says it does not (kysely-org/kysely#56), so its Migrator ran each migration
 * statement by statement: one that failed halfway stayed half applied, and every later
 * start failed on the tables it had made. With this, pending migrations run in one
 * transaction and a failure leaves the schema as it was. (None of ours sets a PRAGMA,
 * which a transaction would ignore.)
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }
}

/**
 * Every SQLite transaction starts with `BEGIN IMMEDIATE`: it takes the file's write lock
 * before it reads anything, waiting for another process's (busy_timeout) if need be. With
 * SQLite's default (deferred) BEGIN, a transaction that reads and then writes fails at once
 * with "database is locked" when another process wrote in between, since its snapshot is old:
 * so two instances starting at once on one file (a restart overlapping the old process) could
 * both read the pending migrations, and the second failed to start. Kysely's migration lock is
 * taken outside the migration transaction and does nothing on SQLite, so this is the lock: the
 * second waits, then finds nothing left to do. (In this process Kysely has one connection,
 * so nothing here waits on itself.)
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createAdapter() {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export function engineOf(url: string): Engine {
  if (url.startsWith('file:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  throw new Error(`DATABASE_URL must start with file: or postgres:// (got ${url.split(':')[0]}:…)`);
}

/** The longest a PostgreSQL query waits for a connection (see openDatabase). */
export const POOL_WAIT_MS = 30_000;

export async function openDatabase(url: string): Promise<Db> {
  const engine = engineOf(url);
  let db: Kysely<Database>;
  let reader: () => Reader = () => ({ db, close: async () => {} });
  if (engine === 'sqlite') {
    const path = url.slice('file:'.length);
    if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
    const sqlite = new SQLite(path);
    sqlite.pragma('journal_mode = WAL');
    // FULL: a committed enquiry survives a power cut, not only a crash of this process.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    db = new Kysely<Database>({ dialect: new TransactionalDdlSqliteDialect({ database: sqlite }) });
    if (path !== ':memory:') {
      reader = () => {
        const connection = new SQLite(path, { readonly: true, fileMustExist: true });
        connection.pragma('busy_timeout = 5000');
        const readerDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
        return { db: readerDb, close: () => readerDb.destroy() };
      };
    }
  } else {
    // connectionTimeoutMillis is also how long a query waits for one of the pool's ten connections.
    // A burst (500 families for the last seats, on a busy machine) queues for longer than a few
    // seconds: such a wait makes the answer slower, and only a database that does not answer at
    // all, for far longer than any burst lasts, makes it an error.
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: POOL_WAIT_MS });
    // An idle client losing its connection must not crash the server; the next query reconnects.
    pool.on('error', () => {});
    // cursor: what `.stream()` reads with (pg-cursor), a chunk of rows at a time.
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  }

  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(engine) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed: ${String(error)}`);
  }

  return {
    db,
    engine,
    url,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    reader: () => reader(),
    close: () => db.destroy(),
  };
}
