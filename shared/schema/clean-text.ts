/**
 * The one cleaning every text from outside goes through (enquiry fields, campaign
 * parameters, desk notes and reasons, searches, staff names and emails, path and query
 * values), on the server whatever the database. No zod here: every page's attribution
 * code loads it (src/lib/attribution.ts); the zod fields built on it are in text.ts.
 *
 * Removed: C0 controls (NUL included, which PostgreSQL refuses in text and SQLite's search
 * index cannot read), DEL and the C1 controls (U+0085 among them), and the bidirectional
 * controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which can make a name
 * read differently in the desk or the staff email. Line breaks and tabs are kept only in
 * multi-line text (a message, a note), as \n; elsewhere they become a space. The text is
 * composed (NFC), so the same name is stored the same way however it was typed.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const LINE_BREAK = /\r\n?/g;
const LINE_BREAKS_AND_TABS = /[\t\n\r]+/g;

export function cleanText(value: string, { multiline = false } = {}): string {
  const safe = value.replace(UNSAFE, '');
  return (multiline ? safe.replace(LINE_BREAK, '\n') : safe.replace(LINE_BREAKS_AND_TABS, ' ')).normalize('NFC');
}

/** Every string in a value (the site's content as an editor sends it) cleaned as multi-line text; the rest as it is. */
export function cleanTextsIn<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value, { multiline: true }) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => cleanTextsIn(item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cleanTextsIn(item)])) as T;
  }
  return value;
}
