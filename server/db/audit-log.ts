/**
 * The audit trail: who changed what, when, from what to what. Rows about an enquiry
 * go with it (retention purge, erasure); rows about accounts and erasures keep no
 * enquirer's personal data.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from './database';
import type { AuditLogTable } from './schema';

export type AuditEntry = Selectable<AuditLogTable>;

export type AuditRecord = {
  actorId: string | null;
  action: string;
  enquiryId?: string;
  field?: string;
  from?: string | null;
  to?: string | null;
};

export const auditRow = (entry: AuditRecord, now = new Date()): AuditEntry => ({
  id: randomUUID(),
  at: now.toISOString(),
  actor_id: entry.actorId,
  action: entry.action,
  enquiry_id: entry.enquiryId ?? null,
  field: entry.field ?? null,
  from_value: entry.from ?? null,
  to_value: entry.to ?? null,
});

export function createAuditLog({ db }: Db) {
  async function record(entry: AuditRecord, now = new Date()) {
    await db.insertInto('audit_log').values(auditRow(entry, now)).execute();
  }

  /**
   * The newest first, with the name of who did it: one enquiry's trail, or (enquiryId
   * null) what was done to no enquiry in particular (accounts, exports, erasures).
   */
  const list = (options: { enquiryId?: string | null; limit?: number } = {}) => {
    let query = db
      .selectFrom('audit_log')
      .leftJoin('staff', 'staff.id', 'audit_log.actor_id')
      .selectAll('audit_log')
      .select('staff.name as actor_name');
    if (options.enquiryId === null) query = query.where('audit_log.enquiry_id', 'is', null);
    else if (options.enquiryId) query = query.where('audit_log.enquiry_id', '=', options.enquiryId);
    return query
      .orderBy('audit_log.at', 'desc')
      .orderBy('audit_log.id')
      .limit(options.limit ?? 200)
      .execute();
  };

  return { record, list };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
