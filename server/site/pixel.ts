/**
 * The Meta pixel, server side: when META_PIXEL_ID is set, each page says so in a
 * <meta> tag. Nothing of the pixel loads until the visitor accepts tracking in the
 * consent banner (src/components/consent-banner.tsx loads it through src/lib/pixel.ts);
 * declining, or not answering, means no pixel code and no request to its hosts.
 */
import { PIXEL_META_NAME } from '../../shared/tracking';

export const PIXEL_HOSTS = ['https://connect.facebook.net', 'https://www.facebook.com'] as const;

/** The page, telling the browser which pixel to load if the visitor consents. */
export function withPixel(html: string, pixelId: string): string {
  return html.replace('</head>', `<meta name="${PIXEL_META_NAME}" content="${pixelId}"></head>`);
}
