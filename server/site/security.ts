/**
 * Content-Security-Policy for the pages: the site's own files, the framework's inline scripts
 * and the styles the build wrote into each page (allowed by hash, so nothing injected later can
 * run), and the pixel's hosts only when the pixel is configured.
 */
import { createHash } from 'node:crypto';
import { PIXEL_HOSTS } from './pixel';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The inline scripts React Router writes into a page, by how each begins, in their order: the
 * scroll restoration (not on the not-found page), the router's context, the start of the page's
 * modules, the page's data (one or more) and its end. Issue 38, L6: only these are allowed by the
 * pages' policy, so a script that ever got past the escaping into a page would not run, and a
 * rendering that has one is refused (frameworkScriptsProblem).
 */
const frameworkScripts = [
  { letter: 'S', begins: '((storageKey, restoreKey) => {' },
  { letter: 'C', begins: 'window.__reactRouterContext = ' },
  { letter: 'M', begins: 'const start = () => {' },
  { letter: 'D', begins: 'window.__reactRouterContext.streamController.enqueue(' },
  { letter: 'E', begins: 'window.__reactRouterContext.streamController.close();' },
] as const;
const FRAMEWORK_ORDER = /^S?CMD+E$/;

/** Each inline script that runs (not JSON-LD or another data block, not one loaded by src). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const attributes = match[1] ?? '';
    if (/\ssrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) return [];
    return [match[2] ?? ''];
  });
}

const letterOf = (script: string) => frameworkScripts.find((kind) => script.startsWith(kind.begins))?.letter ?? '?';

/**
 * Why a rendered page may not be served: an inline script that is not one of the framework's, or
 * the framework's not in their order. Undefined for a page as React Router writes it.
 */
export function frameworkScriptsProblem(html: string): string | undefined {
  const scripts = inlineScripts(html);
  const letters = scripts.map(letterOf).join('');
  if (FRAMEWORK_ORDER.test(letters)) return undefined;
  const other = scripts.find((script) => letterOf(script) === '?');
  return other
    ? `it has a script that is not the site's own (${JSON.stringify(other.slice(0, 60))})`
    : `its scripts are not the ones React Router writes, in their order (${letters || 'none'})`;
}

function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  if (tag === 'script')
    return [
      ...new Set(
        inlineScripts(html)
          .filter((script) => letterOf(script) !== '?')
          .map(sha256),
      ),
    ];
  return [
    ...new Set([...html.matchAll(/<style(\s[^>]*)?>([\s\S]*?)<\/style>/g)].map((match) => sha256(match[2] ?? ''))),
  ];
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
