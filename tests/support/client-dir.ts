import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** What the miniature build's not-found data files hold, so a test can tell which one it got. */
export const notFoundData = { en: 'not-found data: en', hi: 'not-found data: hi' } as const;

/** A miniature page's scripts: the shapes React Router writes (its data says which page it is). */
export const frameworkScripts = (title: string) =>
  [
    'window.__reactRouterContext = {};',
    'const start = () => {};',
    `window.__reactRouterContext.streamController.enqueue("${title}");`,
    'window.__reactRouterContext.streamController.close();',
  ]
    .map((script, index) => `<script${index === 1 ? ' type="module"' : ''}>${script}</script>`)
    .join('');

/** A miniature build/client: what `npm run build` writes, with recognisable pages in both languages. */
export function makeClientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-build-'));
  // The inline scripts React Router writes, in their order (server/site/security.ts allows no other).
  const page = (title: string, lang = 'en-IN') =>
    `<!DOCTYPE html><html lang="${lang}"><head><title>${title}</title><style>h1{color:red}</style></head><body><h1>${title}</h1>${'<p>text</p>'.repeat(200)}${frameworkScripts(title)}</body></html>`;
  const files: Record<string, string> = {
    'index.html': page('Home'),
    'about/index.html': page('About'),
    'courses/jee/index.html': page('JEE'),
    '404/index.html': page('Not found'),
    'hi/index.html': page('होम', 'hi-IN'),
    'hi/404/index.html': page('पेज नहीं मिला', 'hi-IN'),
    '__spa-fallback.html': page('Fallback'),
    // React Router's prerendered loader data, one file per page (about.data, hi/404.data…).
    'about.data': 'about data',
    '404.data': notFoundData.en,
    'hi/404.data': notFoundData.hi,
    'assets/root-abc123.js': 'console.log("x");'.repeat(200),
    'robots.txt': 'User-agent: *\n',
  };
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), body);
  }
  return dir;
}
