import { type Kysely, sql } from 'kysely';

/**
 * First touch (issue 41, the review's M5): "which campaign brings admissions" counted each
 * family under its record's campaign, its newest enquiry's. Each record now keeps what brought
 * the family first (server/db/first-touch.ts), filled here from each family's first enquiry (one
 * sent on its number without its code, repeat_check set, is not the family's). The dashboard's
 * covering index (migration 020) holds the first touch's source and campaign and the record's
 * campaign (last touch) in place of its source and campaign: read per record by a subquery, the
 * first touch took the 90 days' dashboard past its target (SQLite p95 39 → 55 ms).
 */
const COLUMNS = ['utm_source', 'utm_medium', 'utm_campaign', 'fbclid', 'gclid', 'referrer_host'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('enquiries').addColumn(`first_${column}`, 'text').execute();
  }
  await sql`update enquiries set ${sql.join(
    COLUMNS.map(
      (column) =>
        sql`${sql.ref(`first_${column}`)} = (select earliest.${sql.ref(column)} from enquiries earliest where earliest.family_id = enquiries.family_id and earliest.repeat_check is null order by earliest.created_at, earliest.id limit 1)`,
    ),
  )}`.execute(db);
  // One held apart (not the family's until staff confirm it, or kept apart) keeps its own; confirmed, it takes the record's.
  await sql`update enquiries set ${sql.join(
    COLUMNS.map((column) => sql`${sql.ref(`first_${column}`)} = ${sql.ref(column)}`),
  )} where repeat_check is not null`.execute(db);
  await sql`create index enquiries_record_dashboard_touch on enquiries (lead_received_at, status, assignee_id, course, first_called_at, first_utm_source, first_utm_campaign, utm_campaign) where superseded_at is null`.execute(
    db,
  );
  await db.schema.dropIndex('enquiries_record_dashboard').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index enquiries_record_dashboard on enquiries (lead_received_at, status, assignee_id, course, first_called_at, utm_source, utm_campaign) where superseded_at is null`.execute(
    db,
  );
  await db.schema.dropIndex('enquiries_record_dashboard_touch').execute();
  for (const column of COLUMNS) {
    await db.schema.alterTable('enquiries').dropColumn(`first_${column}`).execute();
  }
}
