/**
 * `npm start` runs this first: it builds the site when there is no build yet, or
 * when a source file is newer than the build, so the two README commands are all a
 * newcomer needs.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const STAMPS = ['build/client/index.html', 'build/desk/index.html'];
// What the build reads: the site and the desk, what they share, the build's own scripts
// (plugins, share images, icons, SEO files, the content check), the server's page-making code
// the build runs too (server/site: share images, start-after-paint) and configuration.
const SOURCES = [
  'src',
  'desk',
  'shared',
  'scripts',
  'server/site',
  'react-router.config.ts',
  'vite.config.ts',
  'package.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

// The older of the two builds (the site and the desk): missing counts as never built.
const builtAt = Math.min(...STAMPS.map((stamp) => (existsSync(stamp) ? statSync(stamp).mtimeMs : 0)));
const changedAt = Math.max(...SOURCES.map(newestMtime));

if (builtAt === 0 || changedAt > builtAt) {
  console.log(
    builtAt === 0 ? 'No build found: building the site…' : 'Sources changed since the last build: rebuilding…',
  );
  execSync('npm run build', { stdio: 'inherit' });
}
