/**
 * Content-Security-Policy for the pages: the site's own files, the inline scripts
 * and styles the build wrote into each page (allowed by hash, so nothing injected
 * later can run), and the pixel's hosts only when the pixel is configured.
 */
import { createHash } from 'node:crypto';
import { PIXEL_HOSTS } from './pixel';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))) {
    const attributes = match[1] ?? '';
    if (tag === 'script' && /\ssrc=/.test(attributes)) continue;
    // JSON-LD and other data blocks are never executed.
    if (tag === 'script' && /type="application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.add(sha256(match[2] ?? ''));
  }
  return [...hashes];
}

export function pageCsp(html: string, withPixel: boolean): string {
  const pixel = withPixel ? [...PIXEL_HOSTS] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineHashes(html, 'script'), ...(withPixel ? ['https://connect.facebook.net'] : [])],
    'style-src': ["'self'", ...inlineHashes(html, 'style')],
    // antd sets a few style attributes (e.g. hidden measuring elements); they cannot run code.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(withPixel ? ['https://www.facebook.com'] : [])],
    'connect-src': ["'self'", ...pixel],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** For everything that is not a page (API replies, files): nothing may load or run. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
