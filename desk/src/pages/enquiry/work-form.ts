/** The work form's values: as the server stored them, and what of them was changed here. */
import { deskLabels, type EnquiryStatus, statusNeedsReason } from '../../../../shared/schema/desk-vocabulary';
import { instituteHours } from '../../../../shared/institute';
import { localInput } from '../../../../shared/next-call';
import type { WorkFields } from '../../lib/drafts';
import type { EnquiryDetail } from '../../../../shared/schema/replies/enquiries';

/** `nextFollowUp` as the date-and-time input gives it: YYYY-MM-DDTHH:MM (India time), or empty. */
export type WorkForm = { status: EnquiryStatus; reason?: string; nextFollowUp?: string; assigneeId?: string | null };

/** The work form as the server stored it. */
export const storedWork = (enquiry: EnquiryDetail['enquiry']): WorkForm => ({
  // The server stores only these (shared/schema/desk-vocabulary.ts); its reply says a string.
  status: enquiry.status as EnquiryStatus,
  reason: enquiry.status_reason ?? undefined,
  // A day stored without a time (before the next call had one) shows at the desk's opening.
  nextFollowUp: enquiry.next_follow_up_at
    ? localInput(new Date(enquiry.next_follow_up_at))
    : enquiry.next_follow_up
      ? `${enquiry.next_follow_up}T${instituteHours.opens}`
      : '',
  assigneeId: enquiry.assignee_id,
});

/** The fields of the form that differ from what the server stored (the reason only where the status asks for one). */
export function changedWork(values: Partial<WorkForm>, stored: WorkForm): WorkFields {
  const changed: WorkFields = {};
  const status = values.status ?? stored.status;
  if (status !== stored.status) changed.status = status;
  if (statusNeedsReason(status) && (values.reason ?? '') !== (stored.reason ?? '')) changed.reason = values.reason;
  if ((values.nextFollowUp ?? '') !== (stored.nextFollowUp ?? '')) changed.nextFollowUp = values.nextFollowUp ?? '';
  if ((values.assigneeId ?? null) !== (stored.assigneeId ?? null)) changed.assigneeId = values.assigneeId ?? null;
  return changed;
}

/** The fields' names as the desk shows them (what a restored draft held). */
export const workFieldNames: Record<keyof WorkFields, string> = {
  status: deskLabels.status,
  reason: deskLabels.reason,
  nextFollowUp: deskLabels.nextFollowUp,
  assigneeId: deskLabels.assignee,
};
