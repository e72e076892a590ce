/**
 * Who owns a new enquiry (the rules admins set: shared/schema/desk-settings.ts), decided in
 * the enquiry's own transaction so that it is stored with an owner or not at all.
 *
 * Round-robin: the counsellors who may take it (active, not away, and, where they are given
 * languages or courses, ones that match) form a pool; the pool's counter in
 * `assignment_turns` goes up by one with an atomic upsert and picks the next in the pool.
 * On PostgreSQL the counter's row stays locked until the enquiry commits, so two instances
 * saving at once take consecutive turns (a fair split, never the same turn twice); SQLite
 * has one writer at a time.
 */
import { sql, type Kysely } from 'kysely';
import { readSetting } from './desk-settings-repository';
import type { Database, EnquiryRow } from './schema';

export type Owner = { id: string; name: string; email: string };

/** A counsellor's languages or courses (JSON, null: all) include this one. */
const takes = (list: string | null, value: string) => list === null || (JSON.parse(list) as string[]).includes(value);

/** The member who took an enquiry at the desk, as its owner: when they are an active counsellor. */
export async function counsellorAsOwner(trx: Kysely<Database>, staffId: string): Promise<Owner | undefined> {
  return trx
    .selectFrom('staff')
    .select(['id', 'name', 'email'])
    .where('id', '=', staffId)
    .where('role', '=', 'counsellor')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The owner of an enquiry from a family whose record is `earlier` (undefined: a new family).
 * A family that comes back keeps its owner while they can work (not disabled; when assignment
 * is on, not away, and calling in the family's language unless nobody in does). Otherwise,
 * with assignment on, the next counsellor in the pool;
 * with it off, or nobody to take it, nobody (the admins assign by hand).
 */
export async function chooseOwner(
  trx: Kysely<Database>,
  enquiry: { language: string; course: string },
  earlier: Pick<EnquiryRow, 'assignee_id'> | undefined,
): Promise<Owner | undefined> {
  const { on } = await readSetting(trx, 'assignment');
  const active = () =>
    trx
      .selectFrom('staff')
      .select(['id', 'name', 'email', 'languages', 'courses'])
      .where('role', '=', 'counsellor')
      .where('disabled_at', 'is', null)
      .where('away_since', 'is', null)
      .orderBy('id')
      .execute();
  if (earlier?.assignee_id) {
    const owner = await trx
      .selectFrom('staff')
      .select(['id', 'name', 'email', 'away_since', 'languages'])
      .where('id', '=', earlier.assignee_id)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    const kept = owner && { id: owner.id, name: owner.name, email: owner.email };
    if (kept && !on) return kept;
    // With sharing on, the family stays with its counsellor unless they are away, or the family
    // now asks in a language they do not call in and someone who does is in (the review's L10:
    // a family back in Hindi went to its English-only counsellor).
    if (kept && !owner.away_since) {
      if (takes(owner.languages, enquiry.language)) return kept;
      if (!(await active()).some((member) => takes(member.languages, enquiry.language))) return kept;
    }
  }
  if (!on) return undefined;

  const everyone = await active();
  // The language to call in matters more than the course: a counsellor who speaks it, else anyone.
  const speaking = everyone.filter((member) => takes(member.languages, enquiry.language));
  const byLanguage = speaking.length > 0 ? speaking : everyone;
  const taking = byLanguage.filter((member) => takes(member.courses, enquiry.course));
  const pool = taking.length > 0 ? taking : byLanguage;
  if (pool.length === 0) return undefined;

  const { turn } = await trx
    .insertInto('assignment_turns')
    .values({ pool: pool.map((member) => member.id).join(','), turn: 0 })
    .onConflict((conflict) => conflict.column('pool').doUpdateSet({ turn: sql`assignment_turns.turn + 1` }))
    .returning('turn')
    .executeTakeFirstOrThrow();
  const chosen = pool[Number(turn) % pool.length];
  return chosen && { id: chosen.id, name: chosen.name, email: chosen.email };
}
