/** The desk's export: every enquiry the inbox's filters match, every column (inbox-repository.ts). */
import type { InboxQuery } from '../../shared/schema/desk';
import { type Db, streamRows } from './database';
import type { ExportedEnquiry } from './enquiry-repository';
import { inboxFilter } from './inbox-repository';

export function createInboxExportRepository(database: Db) {
  const filtered = (query: InboxQuery, staffId: string) => inboxFilter(database.engine, query, staffId);

  /**
   * Every enquiry the filters match, oldest first, every column (the export), streamed from a
   * cursor: nothing is read until the first row is asked for.
   */
  const exportRows = (query: InboxQuery, staffId: string): AsyncGenerator<ExportedEnquiry> =>
    streamRows(database, (reader) =>
      reader
        .selectFrom('enquiries')
        .leftJoin('staff', 'staff.id', 'enquiries.assignee_id')
        .selectAll('enquiries')
        .select('staff.name as assignee_name')
        .where(filtered(query, staffId))
        .orderBy('enquiries.created_at')
        .orderBy('enquiries.id'),
    );

  return { exportRows };
}

export type InboxExportRepository = ReturnType<typeof createInboxExportRepository>;
