/**
 * What a counsellor's call to a family came to, and what follows from it (issue 26, "Working a
 * call"): the status the enquiry moves to and when to call next. The outcomes are data (the desk
 * lists them, the server checks against them); `nextFollowUp` is the one rule that reads them.
 * The desk is in English only, like the rest of shared/schema/desk-vocabulary.ts.
 */
import { localDate } from './institute-calendar';
import { instituteHours } from './institute';
import type { EnquiryStatus } from './schema/desk-vocabulary';
import type { WorkingHours } from './institute';
import { addWorkingMinutes, nextWorkingDayOpening, workingDayMinutes } from './working-time';

/**
 * Unanswered calls: try again 3 working hours later, 3 tries a round; after a round, the next
 * working day at opening; after 3 rounds (9 unanswered calls in a row, over at least 3 working
 * days) the enquiry is unreachable. Spacing the tries across a day reaches parents who are at
 * work in the morning; stopping after three days keeps the list to families who can be reached,
 * and "unreachable" is a status, not a deletion: the family can still call in.
 */
export const NO_ANSWER = { retryAfterMinutes: 3 * 60, triesPerRound: 3, rounds: 3 } as const;

/**
 * How long a call's outcome may be undone by whoever recorded it (issue 41: a slip of the thumb
 * must never become a fact). Until then nothing of it reaches Meta or Google.
 */
export const UNDO_SECONDS = 15;

/** How the next call is set after an outcome. */
export type FollowUpRule =
  /** No answer: NO_ANSWER's cadence. */
  | { kind: 'retry' }
  /** When the counsellor picks (what the family asked for); without one, the next working day at opening. */
  | { kind: 'picked' }
  /** This many working days later, at the same point of the working day. */
  | { kind: 'working-days'; days: number }
  /** On the day of the visit: the time picked is the visit's. */
  | { kind: 'visit' }
  /** Nothing more to call about. */
  | { kind: 'none' };

export type CallOutcome = {
  key: string;
  label: string;
  /**
   * The status the enquiry moves to; null keeps the one it has. A call nobody answered is not
   * contact: the enquiry stays "New" (or whatever it was), so the inbox and the funnel do not
   * count families nobody has spoken to as contacted. The attempt still counts for speed to lead
   * (shared/speed-to-lead.ts: the first call, answered or not).
   */
  status: EnquiryStatus | null;
  /** The counsellor must say why (the status needs a reason and the outcome gives none). */
  needsReason: boolean;
  /** The status reason the outcome gives itself (the desk requires one for "Unreachable"). */
  reason: string | null;
  followUp: FollowUpRule;
};

export const callOutcomes = [
  { key: 'no-answer', label: 'No answer', status: null, needsReason: false, reason: null, followUp: { kind: 'retry' } },
  {
    key: 'call-back-later',
    label: 'Call back later',
    status: 'contacted',
    needsReason: false,
    reason: null,
    followUp: { kind: 'picked' },
  },
  {
    key: 'interested',
    label: 'Interested',
    status: 'contacted',
    needsReason: false,
    reason: null,
    followUp: { kind: 'working-days', days: 2 },
  },
  {
    key: 'visit-booked',
    label: 'Visit booked',
    status: 'visit-booked',
    needsReason: false,
    reason: null,
    followUp: { kind: 'visit' },
  },
  {
    key: 'enrolled',
    label: 'Enrolled',
    status: 'enrolled',
    needsReason: false,
    reason: null,
    followUp: { kind: 'none' },
  },
  {
    key: 'not-interested',
    label: 'Not interested',
    status: 'not-interested',
    needsReason: true,
    reason: null,
    followUp: { kind: 'none' },
  },
  {
    key: 'wrong-number',
    label: 'Wrong number',
    status: 'unreachable',
    needsReason: false,
    reason: 'Wrong number',
    followUp: { kind: 'none' },
  },
] as const satisfies readonly CallOutcome[];

export type CallOutcomeKey = (typeof callOutcomes)[number]['key'];
/** For z.enum in the desk's checks. */
export const callOutcomeKeys = callOutcomes.map((outcome) => outcome.key) as [CallOutcomeKey, ...CallOutcomeKey[]];
/** The outcome with this key; a key from outside that names none is refused. */
export function callOutcome(key: CallOutcomeKey): CallOutcome {
  const outcome = callOutcomes.find((each) => each.key === key);
  if (!outcome) throw new RangeError(`There is no call outcome "${key}".`);
  return outcome;
}

export type FollowUpContext = {
  /** When the call was made. */
  at: Date;
  /** Unanswered calls in a row before this one (0 after any answered call); the reply's noAnswersInARow. */
  previousNoAnswers: number;
  hours?: WorkingHours;
  /**
   * The counsellor's own time for the next call (what the family asked for), or the visit's time.
   * Required for "Visit booked"; it replaces the computed time wherever the outcome has a follow-up.
   */
  picked?: Date;
};

export type NextFollowUp = {
  /** The next call, or null when there is none. */
  at: Date | null;
  /** Its date at the institute (YYYY-MM-DD), as enquiries.next_follow_up holds follow-ups today. */
  date: string | null;
  /** The status to set; null keeps the enquiry's. */
  status: EnquiryStatus | null;
  /** The status reason given by the outcome itself; null when none is given. */
  reason: string | null;
  /** The counsellor must give the status reason. */
  needsReason: boolean;
  /** Unanswered calls in a row, this one included: pass it back as previousNoAnswers next time. */
  noAnswersInARow: number;
  /** What happens next, in the desk's words. */
  why: string;
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The status, the next call and why, after a call with this outcome. */
export function nextFollowUp(key: CallOutcomeKey, context: FollowUpContext): NextFollowUp {
  const { at, previousNoAnswers, hours = instituteHours, picked } = context;
  const outcome = callOutcome(key);
  if (picked && picked.getTime() <= at.getTime())
    throw new RangeError(`The time picked for the next call (${picked.toISOString()}) must be after the call.`);
  const result = (next: Date | null, why: string, more: Partial<NextFollowUp> = {}): NextFollowUp => ({
    at: next,
    date: next && localDate(next, hours.timeZone),
    status: outcome.status,
    reason: outcome.reason,
    needsReason: outcome.needsReason,
    noAnswersInARow: 0,
    why,
    ...more,
  });
  const rule = outcome.followUp;
  switch (rule.kind) {
    case 'retry': {
      if (!Number.isInteger(previousNoAnswers) || previousNoAnswers < 0)
        throw new RangeError(`previousNoAnswers must be a whole number, not ${previousNoAnswers}.`);
      const tries = previousNoAnswers + 1;
      const { retryAfterMinutes, triesPerRound, rounds } = NO_ANSWER;
      if (tries >= triesPerRound * rounds) {
        const reason = `No answer to ${tries} calls in a row`;
        return result(null, `${reason}: marked unreachable.`, {
          status: 'unreachable',
          reason,
          noAnswersInARow: tries,
        });
      }
      const more = { noAnswersInARow: tries };
      if (picked) return result(picked, 'Call again at the time picked.', more);
      if (tries % triesPerRound === 0)
        return result(
          nextWorkingDayOpening(at, hours),
          `${plural(tries, 'call')} unanswered: try again the next working day.`,
          more,
        );
      return result(
        addWorkingMinutes(at, retryAfterMinutes, hours),
        `Try again in ${retryAfterMinutes / 60} working hours.`,
        more,
      );
    }
    case 'picked':
      return picked
        ? result(picked, 'Call back at the time picked.')
        : result(nextWorkingDayOpening(at, hours), 'Call back the next working day.');
    case 'working-days':
      return picked
        ? result(picked, 'Follow up at the time picked.')
        : result(
            addWorkingMinutes(at, rule.days * workingDayMinutes(hours), hours),
            `Follow up in ${plural(rule.days, 'working day')}.`,
          );
    case 'visit':
      if (!picked) throw new RangeError('A booked visit needs its time (picked).');
      return result(picked, 'Follow up on the day of the visit.');
    case 'none':
      return result(null, 'No follow-up.');
  }
}
