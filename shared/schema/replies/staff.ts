/**
 * The desk's members of staff as anyone may see them (never a password hash, never a session), and the trail of their work on no enquiry.
 */
import { z } from 'zod';
import { roleValues } from '../desk-vocabulary';
import { maybeText, storedText } from './common';
import { auditEntry } from './enquiries';

/** A member of staff as anyone may see them (staff-repository's publicMember). */
export const staffMember = z.object({
  id: storedText(),
  email: storedText(),
  name: storedText(),
  role: z.enum(roleValues),
  disabled_at: maybeText(),
  created_at: storedText(),
  /** Sent wherever a member is (sign-in, /me, the accounts page): publicMember and publicColumns include it. */
  updated_at: storedText().optional(),
  /** What they take (server/db/assignment.ts): away since when, languages and courses (null: all). */
  away_since: maybeText().optional(),
  languages: z.array(storedText()).nullable().optional(),
  courses: z.array(storedText()).nullable().optional(),
});

/** A member of staff, signed in or on the accounts page: never the password hash, never a session. */
export const staffReply = z.object({ staff: staffMember });

/** GET /api/staff/accounts. */
export const accountsReply = z.object({ accounts: z.array(staffMember) });

/** GET /api/staff/activity: the trail's entries about no enquiry, the actor's name after the row's columns. */
const { actor_name: actorName, ...auditColumns } = auditEntry.shape;

export const activityReply = z.object({ activity: z.array(z.object({ ...auditColumns, actor_name: actorName })) });
