/**
 * An enquiry a member of staff takes (the review's M11), as the desk's routes store it: the
 * enquiry at the desk (routes/desk/intake.ts) and a student added at a session's door
 * (routes/desk/events.ts). The fields are checked as the form's are; how the family came is its
 * campaign source; a call or the counter proves the number; Meta is never told.
 */
import { queuedWith } from '../shared/delivery-channels';
import { institute } from '../shared/institute';
import { INTAKE_MEDIUM, type IntakeChannel, intakeChannels } from '../shared/schema/desk';
import { enquiryDescription } from '../shared/schema/enquiry-fields';
import { type Enquiry, enquirySchema, fieldProblems, numberToProve } from '../shared/schema/enquiry';
import type { DeliveryChannel } from './db/schema';

const problemWords = { required: 'is needed', invalid: 'is not right', tooLong: 'is too long' } as const;

/**
 * The enquiry a member of staff typed, checked as the form's are (the family's agreement asked
 * for by the member; the privacy notice's version as the form's pages show it), or why not in
 * words ("Nothing was saved. Phone is not right.").
 */
export function takenEnquiry(fields: Record<string, unknown>): { enquiry: Enquiry } | { error: string } {
  const parsed = enquirySchema.safeParse({ ...fields, consent: true, noticeVersion: institute.privacyNoticeVersion });
  if (parsed.success) return { enquiry: parsed.data };
  const problems = Object.entries(fieldProblems(parsed.error)).map(
    ([field, code]) => `${enquiryDescription[field as keyof typeof enquiryDescription].label} ${problemWords[code]}`,
  );
  return { error: `Nothing was saved. ${problems.join('; ') || 'Check the fields'}.` };
}

/** How an enquiry taken by `staffId` is stored (save()'s options): see the file's head. */
export function takenOptions(
  enquiry: Enquiry,
  cameBy: IntakeChannel,
  staffId: string,
  channels: readonly DeliveryChannel[],
  now: Date,
) {
  const spokeWith = intakeChannels.find((channel) => channel.value === cameBy)?.spokeWith ?? false;
  return {
    source: 'desk' as const,
    takenBy: staffId,
    attribution: { utmSource: cameBy, utmMedium: INTAKE_MEDIUM },
    channels: queuedWith('enquiry', channels).filter((channel) => channel !== 'meta'),
    emailOwner: channels.includes('assignee'),
    ...(spokeWith ? { proved: { phone: numberToProve(enquiry), at: now.toISOString(), by: 'desk' as const } } : {}),
    repeatByWindow: false,
    now,
  };
}
