/** What the browser and the server both know about the advertising pixel. */

/** The visitor's answer to "may we use the advertising pixel?" (src/lib/consent.ts remembers it). */
export type TrackingConsent = 'granted' | 'denied';

/** The <meta> tag through which the server names the pixel (server/site/pixel.ts writes it, src/lib/pixel.ts reads it). */
export const PIXEL_META_NAME = 'meta-pixel-id';
