/**
 * What goes with an enquiry when it is deleted (an erasure, the retention purge:
 * enquiry-repository.ts): the seats its bookings held.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from './schema';

/**
 * Frees the seats of the bookings still standing on these enquiries, which are about to be
 * deleted (an erasure, the retention purge): their registrations go with them (the foreign key),
 * and a future session's seat must not stay taken by nobody.
 */
export async function releaseSeatsOf(
  trx: Kysely<Database>,
  enquiryIds: readonly string[] | SelectQueryBuilder<Database, 'enquiries', { id: string }>,
) {
  const held = await trx
    .selectFrom('registrations')
    .select(['session_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('enquiry_id', 'in', enquiryIds)
    .where('cancelled_at', 'is', null)
    .groupBy('session_id')
    .execute();
  for (const { session_id: sessionId, n } of held)
    await trx
      .updateTable('session_seats')
      .set((eb) => ({ taken: eb('taken', '-', Number(n)) }))
      .where('session_id', '=', sessionId)
      .execute();
}
