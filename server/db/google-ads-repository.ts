/**
 * Enrolments the Google Ads export names (server/exports/google-ads-export.ts): each family's first
 * enquiry now enrolled whose visit came with a Google click id, with the time it first became
 * enrolled (its audit trail: a status going back and forth counts once, at its first enrolment).
 * Never a child's own enquiry (DPDP Act 2023, section 9(3); adsMayHearOf, as for Meta), nor a visitor who
 * declined the advertising pixel (they said no to the ads learning what they did); a visitor
 * who was not asked (no pixel on the site, a form sent without JavaScript) is named.
 */
import { UNDO_SECONDS } from '../../shared/call-outcomes';
import { readSetting } from './desk-settings-repository';
import { adsMayHearOf } from '../../shared/schema/enquiry';
import type { Db } from './database';

export type ClickEnrolment = { gclid: string; course: string; enrolled_at: string };

export function createGoogleAdsRepository({ db }: Db) {
  /** Enrolled from `from` (included) until `until` (excluded), oldest first; either bound may be left open. */
  async function enrolments({ from, until }: { from?: Date; until?: Date }): Promise<ClickEnrolment[]> {
    // With enquiries' numbers proved by a code (the admins' setting), Google hears of proved leads only.
    const { enquiries: provedOnly } = await readSetting(db, 'verification');
    const rows = await db
      .selectFrom('enquiries')
      .select((eb) => [
        'enquiries.id',
        'enquiries.family_id',
        'enquiries.gclid',
        'enquiries.course',
        'enquiries.enquirer',
        'enquiries.student_under_18',
        'enquiries.class_level',
        eb
          .selectFrom('audit_log')
          .select((sub) => sub.fn.min<string>('audit_log.at').as('at'))
          .whereRef('audit_log.enquiry_id', '=', 'enquiries.id')
          .where('audit_log.field', '=', 'status')
          .where('audit_log.to_value', '=', 'enrolled')
          .as('enrolled_at'),
      ])
      .where('enquiries.status', '=', 'enrolled')
      .where('enquiries.gclid', 'is not', null)
      .where((eb) => eb.or([eb('tracking_consent', 'is', null), eb('tracking_consent', '!=', 'denied')]))
      .$if(provedOnly, (query) => query.where('enquiries.number_proved_at', 'is not', null))
      .execute();
    // Few enrolments come from a Google click (the status index finds the enrolled): each family's
    // first enrolment is kept here (a family enrolled, asking again and enrolled again is one, as
    // for Meta), then the period applied.
    // A call recorded moments ago may still be undone (shared/call-outcomes.ts): Google hears of
    // its enrolment once the window has passed, as Meta does.
    const undoable = new Set(
      (
        await db
          .selectFrom('contacts')
          .select('enquiry_id')
          .where('kind', '=', 'call')
          .where('undo', 'is not', null)
          .where('at', '>', new Date(Date.now() - UNDO_SECONDS * 1000).toISOString())
          .execute()
      ).map((row) => row.enquiry_id),
    );
    const first = new Map<string, ClickEnrolment & { enquiry: string }>();
    for (const { id, family_id: family, gclid, course, enrolled_at: at, ...who } of rows) {
      if (!gclid || !at) continue;
      // Nothing of a child's (shared/schema/enquiry.ts).
      const enquiry = {
        enquirer: who.enquirer ?? undefined,
        studentUnder18: who.student_under_18 === 1,
        classLevel: who.class_level ?? undefined,
      };
      if (!adsMayHearOf(enquiry, 'enquiry')) continue;
      const kept = first.get(family);
      if (!kept || at < kept.enrolled_at) first.set(family, { gclid, course, enrolled_at: at, enquiry: id });
    }
    return [...first.values()]
      .filter(
        (row) =>
          !undoable.has(row.enquiry) &&
          (!from || row.enrolled_at >= from.toISOString()) &&
          (!until || row.enrolled_at < until.toISOString()),
      )
      .map(({ enquiry: _enquiry, ...row }) => row)
      .sort((a, b) => (a.enrolled_at < b.enrolled_at ? -1 : a.enrolled_at > b.enrolled_at ? 1 : 0));
  }

  return { enrolments };
}

export type GoogleAdsRepository = ReturnType<typeof createGoogleAdsRepository>;
