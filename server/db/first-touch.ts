/**
 * First touch (the review's M5, issue 41): what brought a family first is its first enquiry's
 * attribution, not its record's (the newest enquiry). Each record keeps it in `first_<column>`
 * (migration 030), so the dashboard reads it from its covering index: a new family's record
 * holds its own; a record that replaces the family's earlier one takes it over (takenOver, as
 * it takes the lead's time); two families merged keep the one that asked first's.
 */
import type { EnquiryRow, FirstTouchColumns } from './schema';

/** The attribution columns describeSource reads, each kept as `first_<column>`. */
export const FIRST_TOUCH_COLUMNS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'fbclid',
  'gclid',
  'referrer_host',
] as const;

/** A new family's first touch: its own enquiry's attribution. */
export const ownFirstTouch = (columns: Record<(typeof FIRST_TOUCH_COLUMNS)[number], string | null>) =>
  Object.fromEntries(FIRST_TOUCH_COLUMNS.map((column) => [`first_${column}`, columns[column]])) as FirstTouchColumns;

/** A record's first touch, to carry onto the record that replaces it. */
export const firstTouchOf = (record: EnquiryRow): FirstTouchColumns =>
  Object.fromEntries(
    FIRST_TOUCH_COLUMNS.map((column) => [`first_${column}`, record[`first_${column}`]]),
  ) as FirstTouchColumns;

/** The first touch's columns under their own names (attributionOfRow reads those). */
export const firstTouchAsAttribution = (record: Partial<FirstTouchColumns>) =>
  Object.fromEntries(FIRST_TOUCH_COLUMNS.map((column) => [column, record[`first_${column}`] ?? null]));
