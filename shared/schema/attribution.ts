/**
 * Where an enquiry came from, described once: the campaign parameters and click ids
 * of the visit's first page, the referring site's host (never the full referring URL)
 * and the landing path. Each has its URL parameter, stored column, CSV header and
 * webhook key, and a length limit. First-party and kept with the enquiry; no consent
 * is needed for it, and the privacy notice says so.
 *
 * Nothing here rejects an enquiry: a value that is not text is dropped and a long one
 * is cut to its limit, so an odd link never costs a parent's enquiry. A click id outside its
 * network's alphabet (letters, digits, `-` and `_`) is dropped: it is no click id, and it
 * goes into files staff open in a spreadsheet (a `=HYPERLINK(…)` handed out in a link).
 */
import { INTAKE_MEDIUM, intakeChannels } from './desk-vocabulary';
import { cleanText } from './clean-text';

export const attributionFields = {
  utmSource: { param: 'utm_source', column: 'utm_source', csv: 'utm_source', webhook: 'utmSource', max: 100 },
  utmMedium: { param: 'utm_medium', column: 'utm_medium', csv: 'utm_medium', webhook: 'utmMedium', max: 100 },
  utmCampaign: { param: 'utm_campaign', column: 'utm_campaign', csv: 'utm_campaign', webhook: 'utmCampaign', max: 200 },
  utmTerm: { param: 'utm_term', column: 'utm_term', csv: 'utm_term', webhook: 'utmTerm', max: 200 },
  utmContent: { param: 'utm_content', column: 'utm_content', csv: 'utm_content', webhook: 'utmContent', max: 200 },
  fbclid: { param: 'fbclid', column: 'fbclid', csv: 'fbclid', webhook: 'fbclid', max: 500 },
  gclid: { param: 'gclid', column: 'gclid', csv: 'gclid', webhook: 'gclid', max: 500 },
  referrerHost: { param: null, column: 'referrer_host', csv: 'referrer_host', webhook: 'referrerHost', max: 253 },
  landingPage: { param: null, column: 'landing_page', csv: 'landing_page', webhook: 'landingPage', max: 300 },
} as const;

export type AttributionField = keyof typeof attributionFields;
export type Attribution = Partial<Record<AttributionField, string>>;
export const attributionFieldNames = Object.keys(attributionFields) as AttributionField[];

const HOST = /^[a-z0-9.-]+$/;
const CLICK_ID = /^[A-Za-z0-9_-]+$/;

/** The attribution as sent (by the form, or read from a URL), cleaned: known fields, text only, within limits. */
export function cleanAttribution(input: unknown): Attribution {
  if (typeof input !== 'object' || input === null) return {};
  const clean: Attribution = {};
  for (const name of attributionFieldNames) {
    const value = (input as Record<string, unknown>)[name];
    if (typeof value !== 'string') continue;
    // Cleaned as every outside text is (clean-text.ts): no campaign name needs a control character.
    const text = cleanText(value).trim().slice(0, attributionFields[name].max);
    if (!text) continue;
    if (name === 'referrerHost' && !HOST.test(text.toLowerCase())) continue;
    if (name === 'landingPage' && !text.startsWith('/')) continue;
    if ((name === 'gclid' || name === 'fbclid') && !CLICK_ID.test(text)) continue;
    clean[name] = name === 'referrerHost' ? text.toLowerCase() : text;
  }
  return clean;
}

/** What a page's own URL says: its campaign parameters and click ids, and its path as the landing page. */
export function attributionFromUrl(url: URL): Attribution {
  const found: Record<string, string> = { landingPage: url.pathname };
  for (const name of attributionFieldNames) {
    const param = attributionFields[name].param;
    const value = param ? url.searchParams.get(param) : null;
    if (value) found[name] = value;
  }
  return cleanAttribution(found);
}

const META_SOURCES = new Set(['facebook', 'fb', 'instagram', 'ig', 'meta', 'messenger']);

/**
 * The source in a few words, for staff: "Meta ad", "Google ad", a campaign's own source
 * and medium, a link on another site, a call or walk-in entered at the desk, or nothing known.
 */
export function describeSource(a: Attribution): string {
  const source = a.utmSource?.toLowerCase();
  let words: string;
  const taken = a.utmMedium === INTAKE_MEDIUM && intakeChannels.find((channel) => channel.value === a.utmSource);
  if (taken) words = `${taken.label} (entered at the desk)`;
  else if (a.fbclid || (source && META_SOURCES.has(source) && a.utmMedium !== 'organic')) words = 'Meta ad';
  else if (a.gclid || (source === 'google' && (a.utmMedium === 'cpc' || a.utmMedium === 'paid'))) words = 'Google ad';
  else if (a.utmSource) words = a.utmMedium ? `${a.utmSource} (${a.utmMedium})` : a.utmSource;
  else if (a.referrerHost) words = `a link on ${a.referrerHost}`;
  else words = 'direct visit or unknown';
  return a.utmCampaign ? `${words}, campaign ${a.utmCampaign}` : words;
}

/** Sites a family finds the institute on without an ad: search engines and social networks, by their hosts' names. */
const ORGANIC_SOURCES: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, 'google'],
  [/(^|\.)bing\.com$/, 'bing'],
  [/(^|\.)duckduckgo\.com$/, 'duckduckgo'],
  [/(^|\.)yahoo\.com$/, 'yahoo'],
  [/(^|\.)(facebook\.com|fb\.com)$/, 'facebook'],
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'youtube'],
  [/(^|\.)linkedin\.com$/, 'linkedin'],
  [/(^|\.)(t\.co|twitter\.com|x\.com)$/, 'x'],
];

/**
 * Where a family came from, as the dashboard counts it (the review's L4): the campaign's own
 * source, or, without one, a search engine or social network it came from ("google (organic)"),
 * or null (a direct visit, or nothing known).
 */
export function sourceOf(a: { utmSource?: string | null; referrerHost?: string | null }): string | null {
  if (a.utmSource) return a.utmSource;
  const site = a.referrerHost && ORGANIC_SOURCES.find(([host]) => host.test(a.referrerHost ?? ''))?.[1];
  return site ? `${site} (organic)` : null;
}

/** The attribution of a stored row (its columns, as attributionFields names them). */
export function attributionOfRow(row: Partial<Record<string, unknown>>): Attribution {
  const found: Attribution = {};
  for (const name of attributionFieldNames) {
    const value = row[attributionFields[name].column];
    if (typeof value === 'string' && value) found[name] = value;
  }
  return found;
}

/** The other way: each field under its column, null where the visit did not say (for storing). */
export const attributionColumns = (attribution: Attribution) =>
  Object.fromEntries(
    attributionFieldNames.map((name) => [attributionFields[name].column, attribution[name] ?? null]),
  ) as Record<(typeof attributionFields)[AttributionField]['column'], string | null>;
