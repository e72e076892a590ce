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

/**
 * The list shown, in order: "Next lead" follows it. `label` says which list ("Today", "Enquiries").
 * A family in two of Today's lists (a follow-up due and not reached yet) is in it once, where it
 * first shows.
 */
export const rememberQueue = (ids: string[], label: string) =>
  write(QUEUE, { ids: [...new Set(ids)], label } satisfies Queue);

/** The enquiry after `id` in `ids`: never `id` itself (a list kept before repeats were dropped had them). */
export function after(ids: readonly string[], id: string): string | undefined {
  const at = ids.indexOf(id);
  return at < 0 ? undefined : ids.slice(at + 1).find((next) => next !== id);
}

/** The enquiry after `id` in the list it was opened from, if any. */
export function nextLead(id: string): { id: string; label: string } | undefined {
  const queue = read<Queue>(QUEUE);
  const next = queue && after(queue.ids, id);
  return queue && next ? { id: next, label: queue.label } : undefined;
}

/** The inbox's filters as they were (its URL's search, "?status=new&page=2"). */
export const rememberInboxSearch = (search: string) => write(INBOX, search);
export const inboxSearch = () => read<string>(INBOX) ?? '';
