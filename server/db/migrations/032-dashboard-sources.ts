import { type Kysely, sql } from 'kysely';

/**
 * The dashboard's sources and campaigns (the review's L4): a family that came from a search
 * engine or a social network without a campaign counts under it ("google (organic)", from the
 * first touch's referring host), and a campaign is counted per network it ran on (its source
 * beside it, first touch and last). The covering index (migrations 020, 030) holds those too,
 * so the dashboard still reads the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index enquiries_record_dashboard_sources on enquiries (lead_received_at, status, assignee_id, course, first_called_at, first_utm_source, first_utm_campaign, first_referrer_host, utm_source, utm_campaign) where superseded_at is null`.execute(
    db,
  );
  await db.schema.dropIndex('enquiries_record_dashboard_touch').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index enquiries_record_dashboard_touch on enquiries (lead_received_at, status, assignee_id, course, first_called_at, first_utm_source, first_utm_campaign, utm_campaign) where superseded_at is null`.execute(
    db,
  );
  await db.schema.dropIndex('enquiries_record_dashboard_sources').execute();
}
