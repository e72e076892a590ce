import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const m = JSON.parse(readFileSync('build/desk/.vite/manifest.json', 'utf8'));
const entry = Object.keys(m).find((k) => m[k].isEntry)!;
for (const mods of [['src/layout.tsx', 'src/pages/today.tsx'], ['src/layout.tsx', 'src/pages/enquiry.tsx'], ['src/layout.tsx', 'src/pages/inbox.tsx'], ['src/layout.tsx', 'src/pages/dashboard.tsx']]) {
  const seen = new Set<string>();
  const walk = (k: string) => { if (seen.has(k)) return; seen.add(k); for (const i of m[k].imports ?? []) walk(i); };
  walk(entry); mods.forEach(walk);
  const rows = [...seen].map((k) => [k, m[k].file, gzipSync(readFileSync('build/desk/' + m[k].file), { level: 9 }).length / 1024] as const);
  console.log(mods[1], rows.reduce((a, r) => a + r[2], 0).toFixed(1));
  for (const r of rows.sort((a, b) => b[2] - a[2])) console.log('   ', r[2].toFixed(1), r[0]);
}
