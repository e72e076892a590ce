/**
 * A new lead nobody called in time is escalated, once (issue 41): when its first call is past
 * the target (the first-contact setting, in working minutes, as Today and the dashboard count
 * it), every admin is told on the desk and by a push, and, when the setting says so, the lead
 * goes to the next counsellor by the assignment rules, who is told as for any lead given to
 * them. Each instance looks every minute; a conditional update makes one of them the one that
 * escalates a lead. A lead whose target passed more than a day ago (the server was down, or
 * escalation is new) is left to Today's "overdue" list rather than told now.
 */
import { chooseOwner, type Owner } from './db/assignment';
import { auditRow } from './db/audit-log';
import type { Db } from './db/database';
import { readSetting } from './db/desk-settings-repository';
import { notifyOwner } from './db/notifications-repository';
import { deskHours } from '../shared/schema/desk-settings';
import { addWorkingMinutes } from '../shared/working-time';

const DAY_MS = 86_400_000;

export type Escalated = { id: string; movedTo: string | null };

export function createEscalation({ db }: Db, { emailOwner = false }: { emailOwner?: boolean } = {}) {
  /** Escalates every lead whose first call became overdue (in the last day); what it escalated. */
  async function escalateOverdue(now = new Date()): Promise<Escalated[]> {
    const firstContact = await readSetting(db, 'first-contact');
    const hours = deskHours(firstContact);
    // The target is at most three working days: a lead older than a week and a day is never newly overdue.
    const waiting = await db
      .selectFrom('enquiries')
      .select(['id', 'created_at'])
      .where('superseded_at', 'is', null)
      .where('status', '=', 'new')
      .where('first_called_at', 'is', null)
      .where('escalated_at', 'is', null)
      .where('created_at', '>=', new Date(now.getTime() - 8 * DAY_MS).toISOString())
      .execute();
    const overdue = waiting.filter(({ created_at }) => {
      const dueAt = addWorkingMinutes(new Date(created_at), firstContact.targetMinutes, hours);
      return dueAt <= now && now.getTime() - dueAt.getTime() < DAY_MS;
    });
    const escalated: Escalated[] = [];
    for (const { id } of overdue) {
      const done = await escalate(id, firstContact.reassignOverdue, now);
      if (done) escalated.push(done);
    }
    return escalated;
  }

  /** One lead, in one transaction: claimed (unless another instance did, or it was called meanwhile), told, moved. */
  function escalate(id: string, reassign: boolean, now: Date): Promise<Escalated | undefined> {
    return db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('enquiries')
        .set({ escalated_at: now.toISOString() })
        .where('id', '=', id)
        .where('escalated_at', 'is', null)
        .where('first_called_at', 'is', null)
        .where('status', '=', 'new')
        .where('superseded_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!claimed) return undefined;
      let movedTo: Owner | undefined;
      if (reassign) {
        // The next counsellor by the rules, not the one who had it (nobody else in: it stays).
        const next = await chooseOwner(trx, claimed, undefined);
        if (next && next.id !== claimed.assignee_id) movedTo = next;
      }
      if (movedTo) {
        await trx
          .updateTable('enquiries')
          .set({ assignee_id: movedTo.id, version: claimed.version + 1 })
          .where('id', '=', id)
          .execute();
        await notifyOwner(trx, { owner: movedTo, enquiryId: id, kind: 'assigned', byEmail: emailOwner, now });
      }
      await trx
        .insertInto('audit_log')
        .values(
          auditRow(
            { actorId: null, action: 'escalated', enquiryId: id, from: claimed.assignee_id, to: movedTo?.id ?? null },
            now,
          ),
        )
        .execute();
      const admins = await trx
        .selectFrom('staff')
        .select(['id', 'name', 'email'])
        .where('role', '=', 'admin')
        .where('disabled_at', 'is', null)
        .execute();
      for (const admin of admins) {
        if (admin.id === movedTo?.id) continue;
        await notifyOwner(trx, { owner: admin, enquiryId: id, kind: 'overdue', byEmail: false, now });
      }
      return { id, movedTo: movedTo?.id ?? null };
    });
  }

  return { escalateOverdue };
}

export type Escalation = ReturnType<typeof createEscalation>;
