/**
 * First touch (the review's M5): what brought a family first is its first enquiry's
 * attribution, not its record's (the newest enquiry). An enquiry sent on the family's number
 * without its code (repeat_check set) is not the family's. Read per record by a subquery on the
 * family's (family_id, created_at) index (migration 015), so it stays true after a family asks
 * again or two families are merged.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Database } from './schema';

/** The attribution columns describeSource reads. */
export const FIRST_TOUCH_COLUMNS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'fbclid',
  'gclid',
  'referrer_host',
] as const;
type Column = (typeof FIRST_TOUCH_COLUMNS)[number];

/** `first_<column>`: the column of the family's first enquiry, beside a record of `enquiries`. */
export const firstTouch = <C extends Column>(eb: ExpressionBuilder<Database, 'enquiries'>, column: C) =>
  eb
    .selectFrom('enquiries as first')
    .select(`first.${column}`)
    .whereRef('first.family_id', '=', 'enquiries.family_id')
    .where('first.repeat_check', 'is', null)
    .orderBy('first.created_at')
    .orderBy('first.id')
    .limit(1)
    .as(`first_${column}`);
