/**
 * What the admins' settings may hold (desk-settings.ts checks them with zod), kept apart
 * without zod so that the Leads page offers the same bounds and placeholders without loading
 * the checks, and the desk's first page (which loads desk-vocabulary.ts) does not carry them.
 */

/** The first-call target's bounds, in working minutes: at most three working days. */
export const FIRST_CALL_TARGET = { min: 5, max: 3 * 720 } as const;

/** The placeholders a message template may use (server/routes/desk/messages.ts fills them). */
export const templatePlaceholders = [
  'name',
  'course',
  'batchDate',
  'fee',
  'feePeriod',
  'counsellor',
  'institute',
] as const;
