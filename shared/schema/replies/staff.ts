/**
 * The desk's members of staff as anyone may see them (never a password hash, never a session), and the trail of their work on no enquiry.
 */
import { z } from 'zod';
import { roleValues } from '../desk-vocabulary';
import { accountChangeSchema, newStaffSchema, passwordChangeSchema, signInSchema } from '../desk';
import type { Endpoints } from '../endpoint';
import { errorReply, idParams, maybeText, noBody, storedText } from './common';
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

/** What the desk reads of them. */
export type StaffMember = z.output<typeof staffMember>;
export type AccountsReply = z.output<typeof accountsReply>;
export type ActivityReply = z.output<typeof activityReply>;
export type StaffReply = z.output<typeof staffReply>;

/** The desk's members: signing in and out, their own password, the accounts an admin keeps (server/routes/desk/auth.ts, accounts.ts). */
export const staffEndpoints = {
  'POST /session': { access: 'anyone', body: signInSchema, response: { 200: staffReply, '4xx': errorReply } },
  'DELETE /session': {
    access: 'signed-in',
    response: { 204: noBody('Signed out: the session ended and its cookie cleared.'), '4xx': errorReply },
  },
  'GET /me': { access: 'signed-in', response: { 200: staffReply, '4xx': errorReply } },
  'PUT /me/password': {
    access: 'signed-in',
    body: passwordChangeSchema,
    response: { 204: noBody('Changed: the member’s other sessions ended.'), '4xx': errorReply },
  },
  'GET /accounts': { access: 'admin', response: { 200: accountsReply, '4xx': errorReply } },
  'GET /activity': { access: 'admin', response: { 200: activityReply, '4xx': errorReply } },
  'POST /accounts': { access: 'admin', body: newStaffSchema, response: { 201: staffReply, '4xx': errorReply } },
  'PATCH /accounts/:id': {
    access: 'admin',
    params: idParams,
    body: accountChangeSchema,
    response: { 200: staffReply, '4xx': errorReply },
  },
} as const satisfies Endpoints;
