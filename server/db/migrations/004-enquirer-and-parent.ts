import type { Kysely } from 'kysely';

/** Who enquired, and for a student under 18 the parent or guardian whose consent it is. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('enquiries')
    .addColumn('enquirer', 'text', (col) => col.notNull().defaultTo('parent'))
    .execute();
  await db.schema.alterTable('enquiries').addColumn('student_under_18', 'integer').execute();
  await db.schema.alterTable('enquiries').addColumn('parent_name', 'text').execute();
  await db.schema.alterTable('enquiries').addColumn('parent_phone', 'text').execute();
  await db.schema.createIndex('enquiries_parent_phone').on('enquiries').column('parent_phone').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('enquiries_parent_phone').execute();
  for (const column of ['parent_phone', 'parent_name', 'student_under_18', 'enquirer']) {
    await db.schema.alterTable('enquiries').dropColumn(column).execute();
  }
}
