import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A miniature build/client: what `npm run build` writes, with recognisable pages. */
export function makeClientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-build-'));
  const page = (title: string) =>
    `<!DOCTYPE html><html><head><title>${title}</title><style>h1{color:red}</style></head><body><h1>${title}</h1>${'<p>text</p>'.repeat(200)}<script>window.page = '${title}';</script></body></html>`;
  const files: Record<string, string> = {
    'index.html': page('Home'),
    'about/index.html': page('About'),
    'courses/jee/index.html': page('JEE'),
    '404/index.html': page('Not found'),
    '__spa-fallback.html': page('Fallback'),
    'assets/root-abc123.js': 'console.log("x");'.repeat(200),
    'robots.txt': 'User-agent: *\n',
  };
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), body);
  }
  return dir;
}
