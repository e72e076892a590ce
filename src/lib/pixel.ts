/**
 * The Meta (Facebook) pixel, as the browser sees it. The server names the pixel in a
 * <meta> tag only when META_PIXEL_ID is set (server/site/pixel.ts); this module loads
 * Meta's code only after the visitor accepts tracking, and stops it when they
 * withdraw. Every page view is counted once: the first by `loadPixel`, each later
 * route change by `trackPageView` (src/lib/use-page-view-tracking.ts), and the
 * pixel's own history listener is off (`disablePushState`).
 */
export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';
import { PIXEL_META_NAME } from '../../shared/tracking';

export { PIXEL_META_NAME };

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
  disablePushState?: boolean;
};

declare global {
  interface Window {
    /** Meta's command queue; the rest of the site only ever calls it. */
    fbq?: (...args: unknown[]) => void;
    _fbq?: unknown;
  }
}

/** The pixel ID the server put on the page, if the pixel is configured. */
export function configuredPixelId(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${PIXEL_META_NAME}"]`)?.content;
  return content && /^\d+$/.test(content) ? content : undefined;
}

/** Meta's base code, from our own bundle (no inline script), with history tracking off. */
export function loadPixel(pixelId: string): void {
  if (window.fbq) return;
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  window.fbq = fbq;
  window._fbq ??= fbq;
  const script = document.createElement('script');
  script.async = true;
  script.src = PIXEL_SCRIPT_URL;
  document.head.append(script);
  fbq.disablePushState = true;
  fbq('init', pixelId);
  fbq('track', 'PageView');
}

/** Stops all further events: Meta's own revoke, then no `fbq` for the router to call. */
export function unloadPixel(): void {
  window.fbq?.('consent', 'revoke');
  delete window.fbq;
}

/** Sends one PageView if the pixel is on the page; otherwise does nothing. */
export function trackPageView(): boolean {
  if (typeof window === 'undefined' || typeof window.fbq !== 'function') return false;
  window.fbq('track', 'PageView');
  return true;
}

/**
 * One Lead for an enquiry the server has just stored (a CompleteRegistration for a seat booked,
 * which the server sends in the Lead's place), with its id as the event id (so
 * that Meta can pair it with the same event sent from the server). Only when the pixel
 * is on the page, which means the visitor accepted it; the caller leaves out repeats
 * and students under 18 (no tracking of children: DPDP Act 2023, section 9(3)).
 */
export function trackLead(enquiryId: string, course: string, event: 'Lead' | 'CompleteRegistration' = 'Lead'): boolean {
  if (typeof window === 'undefined' || typeof window.fbq !== 'function') return false;
  window.fbq('track', event, { content_name: course }, { eventID: enquiryId });
  return true;
}
