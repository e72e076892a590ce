/** The desk's members: signing in and out, their own password, the accounts an admin keeps (server/routes/desk/auth.ts, accounts.ts). */
import type { accountsReply, activityReply, staffMember, staffReply } from '../../../shared/schema/replies/staff';
import type { z } from 'zod';
import type {
  accountChangeSchema,
  newStaffSchema,
  passwordChangeSchema,
  signInSchema,
} from '../../../shared/schema/desk';
import { api } from '../lib/api';

/** What the server answers, as its routes declare it (shared/schema/replies/staff.ts). */
export type StaffMember = z.output<typeof staffMember>;
export type AccountsReply = z.output<typeof accountsReply>;
export type ActivityReply = z.output<typeof activityReply>;
export type StaffReply = z.output<typeof staffReply>;

export type AccountChange = z.input<typeof accountChangeSchema>;
export type NewAccount = z.input<typeof newStaffSchema>;

export const staffApi = {
  me: () => api<StaffReply>('/me'),
  signIn: (body: z.input<typeof signInSchema>) => api<StaffReply>('/session', { method: 'POST', body }),
  signOut: () => api<undefined>('/session', { method: 'DELETE' }),
  changePassword: (body: z.input<typeof passwordChangeSchema>) =>
    api<undefined>('/me/password', { method: 'PUT', body }),
  accounts: () => api<AccountsReply>('/accounts'),
  activity: () => api<ActivityReply>('/activity'),
  addAccount: (body: NewAccount) => api<StaffReply>('/accounts', { method: 'POST', body }),
  changeAccount: (id: string, body: AccountChange) =>
    api<StaffReply>(`/accounts/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
};
