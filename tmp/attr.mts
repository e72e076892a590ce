import { readFileSync, readdirSync } from 'node:fs';
for (const f of readdirSync('/tmp/deskmap/assets').filter((f) => f.endsWith('.js.map'))) {
  const map = JSON.parse(readFileSync('/tmp/deskmap/assets/' + f, 'utf8'));
  const by = new Map<string, number>();
  map.sources.forEach((s: string, i: number) => {
    const pkg = s.includes('node_modules/') ? s.split('node_modules/').pop()!.split('/').slice(0, s.split('node_modules/').pop()!.startsWith('@') ? 2 : 1).join('/') + (s.includes('/es/') || s.includes('/lib/') ? '/' + s.split(/\/(?:es|lib)\//)[1]?.split('/')[0] : '') : 'src:' + s.split('/').pop();
    by.set(pkg, (by.get(pkg) ?? 0) + (map.sourcesContent?.[i]?.length ?? 0));
  });
  const total = [...by.values()].reduce((a, b) => a + b, 0);
  if (total < 60000) continue;
  console.log(f, Math.round(total / 1024), 'KiB source');
  console.log('   ', [...by].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${k} ${Math.round(v / 1024)}`).join(', '));
}
