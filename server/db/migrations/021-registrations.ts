import type { Kysely } from 'kysely';

/**
 * Booking a seat at a scholarship test or a demo class (issue 27):
 *
 * - `registrations`: one seat booked by a family, on the enquiry it came with (its contact
 *   details, consent and campaign are the enquiry's: one family, one record on the desk). Its
 *   roll number is unique per event type and random, not a count. Cancelled ones stay (the
 *   history), with `cancelled_at`; a reschedule moves the row to another session.
 * - `session_seats`: the seats taken per session, the one row every booking for a session
 *   updates. A seat is taken by `taken = taken + 1 where taken < capacity` (the capacity the live
 *   content gives, so an editor may change it), which both engines apply one at a time for a
 *   row: never more bookings than seats, without reading first. Freed the same way.
 * - `site_secrets`: keys the server makes for itself, kept where every instance finds them: the
 *   key that signs each registrant's link (server/registrations/registration-links.ts), made on first use
 *   unless REGISTRATION_LINK_SECRET gives one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('registrations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('enquiry_id', 'text', (col) => col.notNull().references('enquiries.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('session_id', 'text', (col) => col.notNull())
    .addColumn('roll_number', 'text', (col) => col.notNull())
    /** The registrant's language ('en' or 'hi'): the admit card, emails and the link's pages are in it. */
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('attended_at', 'text')
    .addColumn('score', 'real')
    .execute();
  await db.schema
    .createIndex('registrations_event_roll_number')
    .on('registrations')
    .columns(['event_type', 'roll_number'])
    .unique()
    .execute();
  await db.schema.createIndex('registrations_session').on('registrations').columns(['session_id']).execute();
  await db.schema.createIndex('registrations_enquiry').on('registrations').columns(['enquiry_id']).execute();

  await db.schema
    .createTable('session_seats')
    .addColumn('session_id', 'text', (col) => col.primaryKey())
    .addColumn('taken', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('site_secrets')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_secrets').execute();
  await db.schema.dropTable('session_seats').execute();
  await db.schema.dropTable('registrations').execute();
}
