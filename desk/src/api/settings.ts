/** The Leads page's settings: sharing the work, the first call, the messages, proving a number (server/routes/desk/assignment.ts, messages.ts). */
import type {
  assignmentReply,
  firstContactReply,
  optionsReply,
  templatesReply,
} from '../../../shared/schema/replies/settings';
import type { z } from 'zod';
import type { verificationSchema } from '../../../shared/schema/desk-settings';
import { api } from '../lib/api';

/** What the server answers, as its routes declare it (shared/schema/replies/settings.ts). */
export type Options = z.output<typeof optionsReply>;
export type Option = Options['courses'][number];
export type AssignmentReply = z.output<typeof assignmentReply>;
export type FirstContactReply = z.output<typeof firstContactReply>;
export type TemplatesReply = z.output<typeof templatesReply>;

/** One setting's whole value, or one counsellor's work (what the Leads page's parts save). */
export type SettingChange =
  | { setting: 'assignment' | 'first-contact' | 'templates' | 'verification'; body: Record<string, unknown> }
  | { work: string; body: Record<string, unknown> };

const endpoint = (change: SettingChange) =>
  'work' in change
    ? `/accounts/${encodeURIComponent(change.work)}/work`
    : change.setting === 'assignment'
      ? '/assignment'
      : `/settings/${change.setting}`;

export const settingsApi = {
  assignment: () => api<AssignmentReply>('/assignment'),
  firstContact: () => api<FirstContactReply>('/settings/first-contact'),
  templates: () => api<TemplatesReply>('/settings/templates'),
  verification: () => api<z.output<typeof verificationSchema>>('/settings/verification'),
  /** The server checks each setting's body against its own schema, and names the field it refuses. */
  put: (change: SettingChange) => api<unknown>(endpoint(change), { method: 'PUT', body: change.body }),
};
