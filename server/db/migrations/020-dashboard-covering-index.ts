import { type Kysely, sql } from 'kysely';

/**
 * The dashboard at 100,000 enquiries (issue 26; `npm run bench:desk -- --dashboard`). Its
 * period is read several times (per day and course; per status, counsellor and course; per
 * source, campaign and course; speed to lead), each by when the family first asked. Through
 * 018's index on `lead_received_at` alone, every pass looked up each record's row in the
 * table (SQLite: 110–150 ms p95 for 30 days, 430 ms for 90). This index holds every column
 * those passes read, so they read the index alone; it replaces 018's, whose column leads it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index enquiries_record_dashboard on enquiries (lead_received_at, status, assignee_id, course, first_called_at, utm_source, utm_campaign) where superseded_at is null`.execute(
    db,
  );
  await db.schema.dropIndex('enquiries_record_lead_received_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index enquiries_record_lead_received_at on enquiries (lead_received_at) where superseded_at is null`.execute(
    db,
  );
  await db.schema.dropIndex('enquiries_record_dashboard').execute();
}
