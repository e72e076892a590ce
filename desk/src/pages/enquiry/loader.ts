/** What the enquiry page shows: the enquiry, its notes, history and family, its messages and seats. */
import type { LoaderFunctionArgs } from 'react-router';
import { api, ApiError } from '../../lib/api';
import type { FamilyRegistrationsReply } from '../../../../shared/schema/replies/events';
import { currentStaff } from '../../lib/session';
import type { EnquiryDetail, MessagesReply } from '../../../../shared/schema/replies/enquiries';

type Detail = EnquiryDetail;

/**
 * The enquiry with its notes and history, and its messages filled in for the family (without
 * them the page still works); one that cannot load (gone, or no connection) shows why.
 */
export const loader = async ({ params }: LoaderFunctionArgs): Promise<Loaded> => {
  const id = params.id ?? '';
  try {
    const [detail, messages, seats] = await Promise.all([
      api('GET /enquiries/:id', { params: { id: id } }),
      api('GET /enquiries/:id/messages', { params: { id: id } }).catch(() => undefined),
      api('GET /enquiries/:id/registrations', { params: { id } }).catch(() => undefined),
    ]);
    const loaded: Loaded = { ...detail, messages, seats, loadedAt: new Date().toISOString(), offline: false };
    lastLoaded = { id, staffId: (await currentStaff())?.id, loaded };
    return loaded;
  } catch (caught) {
    // The connection dropped (a call recorded, a new lead's reload): the page stays as it was, and says so.
    if (caught instanceof ApiError || lastLoaded?.id !== id || lastLoaded.staffId !== (await currentStaff())?.id)
      throw caught;
    return { ...lastLoaded.loaded, offline: true };
  }
};
export type Loaded = Detail & {
  messages: MessagesReply | undefined;
  seats: FamilyRegistrationsReply | undefined;
  loadedAt: string;
  offline: boolean;
};
/** The enquiry last loaded (and for whom), shown again to them when loading it again finds no connection. */
let lastLoaded: { id: string; staffId: string | undefined; loaded: Loaded } | undefined;
