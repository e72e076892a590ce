/**
 * Where this visit came from, kept in the browser until the visitor sends the form: the
 * first page's campaign parameters and click ids, the referring site's host and the
 * landing path (shared/schema/attribution.ts says what each is). A visit is this tab's
 * session, ending after 30 minutes without a new page, as analytics tools count them:
 * within a visit the first page wins; a new visit starts over. First-party, sent only
 * with an enquiry, and said in the privacy notice.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { type Attribution, attributionFromUrl, cleanAttribution } from '../../shared/schema/attribution';

const STORAGE_KEY = 'visit-attribution';
export const VISIT_IDLE_MS = 30 * 60 * 1000;

type Visit = { attribution: Attribution; lastSeen: number };

function storedVisit(): Visit | undefined {
  const text = sessionStorage.getItem(STORAGE_KEY);
  if (!text) return undefined;
  const visit = JSON.parse(text) as Partial<Visit>;
  return typeof visit.lastSeen === 'number'
    ? { attribution: cleanAttribution(visit.attribution), lastSeen: visit.lastSeen }
    : undefined;
}

/** This page as the first of a visit: its URL, and the site the visitor came from (its host only). */
function landing(): Attribution {
  const found = attributionFromUrl(new URL(window.location.href));
  const referrer = URL.canParse(document.referrer) ? new URL(document.referrer) : undefined;
  return referrer && referrer.host !== window.location.host
    ? cleanAttribution({ ...found, referrerHost: referrer.hostname })
    : found;
}

/** Notes a page of the visit: the first one of a visit is kept; later ones only keep the visit alive. */
export function rememberPage(now = Date.now()): void {
  try {
    const visit = storedVisit();
    const attribution = visit && now - visit.lastSeen <= VISIT_IDLE_MS ? visit.attribution : landing();
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ attribution, lastSeen: now }));
  } catch {
    // Storage blocked or full: the server reads the page's own URL instead.
  }
}

/** The visit's attribution, to send with the enquiry; undefined when the browser kept none. */
export function visitAttribution(): Attribution | undefined {
  try {
    return storedVisit()?.attribution;
  } catch {
    return undefined;
  }
}

/** In the root: every page the visitor sees, the first one included, goes through rememberPage. */
export function useVisitAttribution(): void {
  const { pathname } = useLocation();
  useEffect(() => rememberPage(), [pathname]);
}
