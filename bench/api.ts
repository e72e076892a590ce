/**
 * `npm run bench:api`: the production server under load on loopback. For SQLite, and
 * PostgreSQL when its binaries are installed (a throwaway cluster), it drives
 * `POST /api/enquiries` (every request a new enquiry, delivered to a webhook on
 * loopback) and `GET /` with autocannon for a fixed time, and prints requests per
 * second, p50/p99 latency, errors, and stored rows against acknowledged requests,
 * which must be equal.
 *
 *   npm run bench:api                 10 s per endpoint, 20 connections
 *   npm run bench:api -- --seconds 5 --connections 50
 */
import { execSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/database';
import { onEachEngine } from './engines';
import { startSiteServer } from './site-server';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const SECONDS = option('--seconds', 10);
const CONNECTIONS = option('--connections', 20);
// Not 4190: fetch refuses that port (ManageSieve is on the Fetch standard's bad-port list).
const PORT = 4321;

type Row = string[];

async function benchEngine(engine: string, databaseUrl: string, webhookUrl: string): Promise<Row[]> {
  const server = await startSiteServer({
    port: PORT,
    host: '127.0.0.1',
    env: {
      LOG_LEVEL: 'error',
      DATABASE_URL: databaseUrl,
      ENQUIRY_RATE_LIMIT: '100000000',
      ENQUIRY_WEBHOOK_URL: webhookUrl,
      META_PIXEL_ID: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    let counter = 0;
    const acknowledgedIds: string[] = [];
    const post = await autocannon({
      url: `http://127.0.0.1:${PORT}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/enquiries',
          headers: { 'content-type': 'application/json' },
          // A new phone number every request: each one is a new enquiry, not a repeat.
          setupRequest: (request) => {
            counter += 1;
            return {
              ...request,
              body: JSON.stringify({
                studentName: `Bench ${counter}`,
                phone: `9${String(counter).padStart(9, '0')}`,
                classLevel: '12',
                course: 'neet-repeaters',
                city: 'Kota',
                consent: true,
              }),
            };
          },
          onResponse: (status, body) => {
            if (status === 201) acknowledgedIds.push((JSON.parse(body) as { id: string }).id);
          },
        },
      ],
    });
    const get = await autocannon({ url: `http://127.0.0.1:${PORT}/`, connections: CONNECTIONS, duration: SECONDS });

    // Let the requests still in flight when autocannon stopped finish before counting.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const database = await openDatabase(databaseUrl);
    const stored = new Set((await database.db.selectFrom('enquiries').select('id').execute()).map((r) => r.id));
    await database.close();
    const acknowledged = acknowledgedIds.length;
    const missing = acknowledgedIds.filter((id) => !stored.has(id)).length;
    // autocannon stops reading at the deadline: up to one request per connection is stored
    // without its 201 being counted. What must hold: every acknowledged enquiry is stored.
    const inFlight = stored.size - acknowledged;
    const row = (name: string, r: autocannon.Result, storedCell: string): Row => [
      engine,
      name,
      r.requests.average.toFixed(0),
      `${r.latency.p50} ms`,
      `${r.latency.p99} ms`,
      String(r.errors + r.timeouts),
      String(r.non2xx),
      storedCell,
    ];
    return [
      row(
        'POST /api/enquiries',
        post,
        missing > 0
          ? `${stored.size} / ${acknowledged}  ${missing} ACKNOWLEDGED BUT NOT STORED`
          : `${stored.size} / ${acknowledged} (all stored; ${inFlight} in flight at the end)`,
      ),
      row('GET /', get, '-'),
    ];
  } finally {
    await server.stop();
  }
}

async function main() {
  execSync('node --import tsx scripts/ensure-build.ts', { stdio: 'inherit' });
  const hook = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end());
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`;
  const rows: Row[] = [];
  try {
    rows.push(...(await onEachEngine((engine, url) => benchEngine(engine, url, webhookUrl))).flat());
  } finally {
    hook.close();
  }

  const header = ['engine', 'endpoint', 'req/s', 'p50', 'p99', 'errors', 'non-2xx', 'rows stored / 201s counted'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\nautocannon, ${CONNECTIONS} connections, ${SECONDS} s per endpoint, loopback, ${process.version}:\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  if (rows.some((row) => row[7]?.includes('NOT STORED'))) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
