/**
 * Where an enquiry was opened from, for the enquiry page's "Next lead" and "← All enquiries":
 * the list the member was working down (the inbox's page, or Today's lists in their order) and
 * the inbox's filters. Kept in the tab (sessionStorage): another tab works its own list.
 */
const QUEUE = 'desk-lead-queue';
const INBOX = 'desk-inbox-search';

type Queue = { ids: string[]; label: string };

function read<T>(key: string): T | undefined {
  try {
    const stored = sessionStorage.getItem(key);
    return stored ? (JSON.parse(stored) as T) : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown) {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A browser that keeps nothing (private mode, storage full): the links fall back to the plain list.
  }
}

/** The list shown, in order: "Next lead" follows it. `label` says which list ("Today", "Enquiries"). */
export const rememberQueue = (ids: string[], label: string) => write(QUEUE, { ids, label } satisfies Queue);

/** The enquiry after `id` in the list it was opened from, if any. */
export function nextLead(id: string): { id: string; label: string } | undefined {
  const queue = read<Queue>(QUEUE);
  if (!queue) return undefined;
  const at = queue.ids.indexOf(id);
  const next = at >= 0 ? queue.ids[at + 1] : undefined;
  return next ? { id: next, label: queue.label } : undefined;
}

/** The inbox's filters as they were (its URL's search, "?status=new&page=2"). */
export const rememberInboxSearch = (search: string) => write(INBOX, search);
export const inboxSearch = () => read<string>(INBOX) ?? '';
