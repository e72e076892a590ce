import type { Kysely } from 'kysely';

// Portable types only (text, integer): the same migration runs on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('enquiries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('student_name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('class_level', 'text', (col) => col.notNull())
    .addColumn('course', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('mode', 'text')
    .addColumn('centre', 'text')
    .addColumn('consent', 'integer', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.unique())
    .addColumn('source', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('enquiries_created_at').on('enquiries').column('created_at').execute();
  await db.schema
    .createIndex('enquiries_phone_course_created_at')
    .on('enquiries')
    .columns(['phone', 'course', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('enquiries').execute();
}
