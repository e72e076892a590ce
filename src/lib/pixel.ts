/**
 * The Meta (Facebook) pixel, as the browser sees it. The base code is added to the
 * page by the server only when META_PIXEL_ID is set (server/pixel.ts); this module
 * never loads it, it only talks to it when it is there.
 */
type Fbq = (command: 'track', event: 'PageView') => void;

declare global {
  interface Window {
    fbq?: Fbq;
  }
}

/** Sends one PageView if the pixel is on the page; otherwise does nothing. */
export function trackPageView(): boolean {
  if (typeof window === 'undefined' || typeof window.fbq !== 'function') return false;
  window.fbq('track', 'PageView');
  return true;
}
