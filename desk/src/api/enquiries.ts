/** Enquiries at the desk: the inbox, one enquiry and the work on it, its family, a new one taken by hand (server/routes/desk/enquiries.ts, messages.ts, intake.ts). */
import type { z } from 'zod';
import type {
  bulkAssignSchema,
  callSchema,
  enquiryChangeSchema,
  intakeSchema,
  mergeSchema,
  messageSentSchema,
  noteSchema,
  repeatDecisionSchema,
} from '../../../shared/schema/desk';
import type {
  bulkAssignReply,
  changedReply,
  enquiryDetailReply,
  enquirySummary,
  inboxReply,
  intakeReply,
  messagesReply,
  recordReply,
} from '../../../shared/schema/replies/enquiries';
import { api } from '../lib/api';
import type { Options } from './settings';

/** What the server answers, as its routes declare it (shared/schema/replies/enquiries.ts). */
export type EnquirySummary = z.output<typeof enquirySummary>;
export type EnquiryDetail = z.output<typeof enquiryDetailReply>;
export type InboxReply = z.output<typeof inboxReply>;
export type IntakeReply = z.output<typeof intakeReply>;
export type MessagesReply = z.output<typeof messagesReply>;
export type BulkAssignReply = z.output<typeof bulkAssignReply>;

const enquiry = (id: string) => `/enquiries/${encodeURIComponent(id)}`;
type Changed = z.output<typeof changedReply>;
/** The family's agreement as the form has it: the server answers a "no" with why it is needed. */
export type Agreed<Body extends { consentTaken: true }> = Omit<Body, 'consentTaken'> & { consentTaken: boolean };
type RecordReply = z.output<typeof recordReply>;

export const enquiriesApi = {
  /** `search`: the inbox's filters, as the page's address has them ("?status=new&page=2", or ""). */
  inbox: (search: string) => api<InboxReply>(`/enquiries${search}`),
  detail: (id: string) => api<EnquiryDetail>(enquiry(id)),
  change: (id: string, body: z.input<typeof enquiryChangeSchema>) =>
    api<Changed>(enquiry(id), { method: 'PATCH', body }),
  addNote: (id: string, body: z.input<typeof noteSchema>) =>
    api<undefined>(`${enquiry(id)}/notes`, { method: 'POST', body }),
  call: (id: string, body: z.input<typeof callSchema>) =>
    api<Changed>(`${enquiry(id)}/calls`, { method: 'POST', body }),
  undoCall: (id: string) => api<Changed>(`${enquiry(id)}/calls/undo`, { method: 'POST' }),
  messages: (id: string) => api<MessagesReply>(`${enquiry(id)}/messages`),
  messageSent: (id: string, body: z.input<typeof messageSentSchema>) =>
    api<undefined>(`${enquiry(id)}/messages`, { method: 'POST', body }),
  merge: (id: string, body: z.input<typeof mergeSchema>) =>
    api<RecordReply>(`${enquiry(id)}/merge`, { method: 'POST', body }),
  settleRepeat: (id: string, body: z.input<typeof repeatDecisionSchema>) =>
    api<RecordReply>(`${enquiry(id)}/repeat`, { method: 'POST', body }),
  numberConfirmed: (id: string) => api<undefined>(`${enquiry(id)}/number-confirmed`, { method: 'POST' }),
  assign: (body: z.input<typeof bulkAssignSchema>) =>
    api<BulkAssignReply>('/enquiries/assign', { method: 'POST', body }),
  /** An enquiry taken by phone or at the counter (the server refuses one without the family's agreement, saying so). */
  intake: (body: Agreed<z.input<typeof intakeSchema>>) => api<IntakeReply>('/enquiries', { method: 'POST', body }),
  /** The courses, statuses and members the desk's forms choose from. */
  options: () => api<Options>('/options'),
};
