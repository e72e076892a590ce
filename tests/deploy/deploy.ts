/**
 * `npm run test:deploy`: the production setup of docs/operations.md, brought up on loopback and
 * checked end to end. Debian's nginx with deploy/nginx.conf (only addresses, ports and paths
 * swapped) terminates TLS with a throwaway certificate in front of two app instances started
 * with deploy/site@.service's ExecStart and Environment, on one throwaway PostgreSQL, with a
 * webhook receiver standing in for the institute's CRM. It prints its figures and stops
 * everything it started; any failed check exits 1.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/free-port';
import { startThrowawayPostgres } from '../../scripts/throwaway-postgres';
import { waitForServer } from '../../scripts/wait-for-server';
import { languages, localizedPath } from '../../src/config/languages';
import { sitePaths } from '../../src/config/paths';

const HOSTNAME = 'vidyarthi-academy.example';
const RATE_LIMIT = 5;
const root = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'site-deploy-'));
const cleanups: (() => void | Promise<void>)[] = [];
const failures: string[] = [];
const figures: string[] = [];

function check(ok: boolean, what: string) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

// ——— the pieces ———————————————————————————————————————————————————————————

/** A self-signed certificate for the site's name, valid for a day. */
function makeCertificate() {
  const key = join(work, 'site.key');
  const cert = join(work, 'site.crt');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      `/CN=${HOSTNAME}`,
      '-addext',
      `subjectAltName=DNS:${HOSTNAME}`,
    ],
    { stdio: 'ignore' },
  );
  return { key, cert, ca: readFileSync(cert) };
}

/** The stand-in CRM: counts each enquiry id it receives. */
async function startWebhookReceiver() {
  const received = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const id = (JSON.parse(body) as { id: string }).id;
      received.set(id, (received.get(id) ?? 0) + 1);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

/** deploy/site@.service's command and environment, for the instance on `port`. */
function unitCommand(port: number) {
  const unit = readFileSync(join(root, 'deploy/site@.service'), 'utf8');
  const line = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1] ?? '';
  const [program = '', ...args] = line('ExecStart').split(' ');
  if (!program.endsWith('/node')) throw new Error(`ExecStart runs ${program}, not node`);
  const env = Object.fromEntries(
    line('Environment')
      .replaceAll('%i', String(port))
      .split(' ')
      .map((pair) => pair.split('=') as [string, string]),
  );
  return { args, env };
}

type Instance = { port: number; process: ChildProcess; log: string[] };

async function startInstance(port: number, settings: Record<string, string>): Promise<Instance> {
  const { args, env } = unitCommand(port);
  const log: string[] = [];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...settings, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
  try {
    await waitForServer(`http://127.0.0.1:${port}/healthz`, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`the instance on ${port} did not start:\n${log.join('')}`, { cause: error });
  }
  return { port, process: child, log };
}

const stopInstance = (instance: Instance, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (instance.process.exitCode !== null || instance.process.signalCode !== null) return resolve();
    instance.process.once('exit', () => resolve());
    instance.process.kill(signal);
  });

/** deploy/nginx.conf with this run's ports and paths, inside a minimal main configuration. */
function startNginx(ports: number[], httpsPort: number, httpPort: number, tls: { key: string; cert: string }) {
  let site = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  const swaps: [string | RegExp, string][] = [
    ['127.0.0.1:3001', `127.0.0.1:${ports[0]}`],
    ['127.0.0.1:3002', `127.0.0.1:${ports[1]}`],
    ['/var/cache/nginx/site', join(work, 'nginx-cache')],
    [`/etc/letsencrypt/live/${HOSTNAME}/fullchain.pem`, tls.cert],
    [`/etc/letsencrypt/live/${HOSTNAME}/privkey.pem`, tls.key],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`],
    ['listen 80;', `listen 127.0.0.1:${httpPort};`],
    // Loopback only, IPv4 only.
    [/^\s*listen \[::\].*$/gm, ''],
  ];
  for (const [from, to] of swaps) {
    const before = site;
    site = typeof from === 'string' ? site.replaceAll(from, to) : site.replace(from, to);
    if (site === before) throw new Error(`deploy/nginx.conf no longer contains ${String(from)}`);
  }
  const dir = join(work, 'nginx');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format upstream '$remote_addr "$request" $status $upstream_addr';
  access_log ${dir}/access.log upstream;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  execFileSync('nginx', ['-t', '-q', '-c', join(dir, 'nginx.conf')], { stdio: 'inherit' });
  const nginx = spawn('nginx', ['-c', join(dir, 'nginx.conf')], { stdio: 'inherit' });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        if (nginx.exitCode !== null) return resolve();
        nginx.once('exit', () => resolve());
        nginx.kill('SIGQUIT');
      }),
  );
  return { accessLog: join(dir, 'access.log') };
}

// ——— talking to it as a browser does ——————————————————————————————————————————

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

let origin = '';
let ca: Buffer;
let httpsPort = 0;

/** One HTTPS request to the proxy, from `client` (a loopback address: a visitor of its own). */
function send(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; client?: string } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      {
        host: '127.0.0.1',
        port: httpsPort,
        servername: HOSTNAME,
        ca,
        method,
        path,
        localAddress: options.client ?? '127.0.0.1',
        agent: false,
        headers: {
          host: `${HOSTNAME}:${httpsPort}`,
          'accept-encoding': 'gzip, br',
          ...(payload ? { 'content-type': 'application/json', origin } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

let phone = 9_100_000_000;
const enquiry = () => {
  phone += 1;
  return {
    studentName: 'Asha Verma',
    phone: String(phone),
    classLevel: '12',
    course: 'jee',
    city: 'Jaipur',
    consent: true,
  };
};

// ——— the run ——————————————————————————————————————————————————————————————————

async function main() {
  const tls = makeCertificate();
  ca = tls.ca;
  const postgres = await startThrowawayPostgres();
  if (!postgres) throw new Error('PostgreSQL is not installed (bash scripts/ensure-postgres.sh installs it).');
  cleanups.push(() => postgres.stop());
  const hook = await startWebhookReceiver();
  const ports = [await freePort(), await freePort()];
  httpsPort = await freePort();
  origin = `https://${HOSTNAME}:${httpsPort}`;
  const settings = {
    DATABASE_URL: postgres.url,
    TRUST_PROXY: '127.0.0.1',
    COOKIE_SECURE: 'true',
    ENQUIRY_RATE_LIMIT: String(RATE_LIMIT),
    ENQUIRY_WEBHOOK_URL: hook.url,
    ENQUIRY_WEBHOOK_SECRET: 'deploy-test-webhook-secret',
    DELIVERY_POLL_MS: '200',
    DELIVERY_LEASE_MS: '3000',
    DELIVERY_RETRY_BASE_MS: '500',
    LOG_LEVEL: 'info',
  };
  const instances = await Promise.all(ports.map((port) => startInstance(port, settings)));
  cleanups.push(async () => {
    for (const instance of instances) await stopInstance(instance);
  });
  const { accessLog } = startNginx(ports, httpsPort, await freePort(), tls);
  await new Promise((resolve) => setTimeout(resolve, 500));
  console.log(
    `nginx on https://127.0.0.1:${httpsPort} → app instances on ${ports.join(' and ')}, PostgreSQL ${new URL(postgres.url).port}`,
  );

  // Every page, in both languages, through TLS; compressed; pages revalidated, assets cached.
  const pages = languages.flatMap((language) => sitePaths.map((path) => localizedPath(language, path)));
  let pagesOk = 0;
  for (const path of pages) {
    const page = await send('GET', path);
    if (page.status === 200 && page.headers['content-encoding']) pagesOk += 1;
    else console.log(`  ${path}: ${page.status} ${String(page.headers['content-encoding'])}`);
  }
  check(pagesOk === pages.length, `${pagesOk}/${pages.length} pages answer 200 through the proxy, compressed`);
  const home = await send('GET', '/');
  const etag = String(home.headers.etag);
  check(
    String(home.headers['cache-control']) === 'no-cache' &&
      (await send('GET', '/', { headers: { 'if-none-match': etag } })).status === 304,
    'a page is revalidated: Cache-Control no-cache, and 304 for the ETag it gave',
  );
  const plain = await send('GET', '/', { headers: { 'accept-encoding': 'identity' } });
  const asset = /\/assets\/[\w-]+\.js/.exec(plain.body)?.[0] ?? '';
  const first = await send('GET', asset);
  const second = await send('GET', asset);
  check(
    first.status === 200 &&
      String(first.headers['cache-control']).includes('immutable') &&
      second.headers['x-cache-status'] === 'HIT',
    `an asset is cached for a year by browsers and by the proxy (${asset}: ${String(first.headers['x-cache-status'])}, then ${String(second.headers['x-cache-status'])})`,
  );
  check(String(home.headers['strict-transport-security']).includes('max-age'), 'HSTS is sent');

  // The enquiry API, and the client's own address reaching the app.
  const stored = await send('POST', '/api/enquiries', { body: enquiry(), client: '127.0.0.2' });
  check(stored.status === 201, `an enquiry through the proxy: ${stored.status}`);
  const fromA: number[] = [];
  for (let i = 0; i < RATE_LIMIT * 2 + 2; i++) {
    // The visitor also claims to be someone else: the proxy replaces the header.
    fromA.push(
      (
        await send('POST', '/api/enquiries', {
          body: enquiry(),
          client: '127.0.0.3',
          headers: { 'x-forwarded-for': `10.0.0.${i}` },
        })
      ).status,
    );
  }
  const fromB = await send('POST', '/api/enquiries', { body: enquiry(), client: '127.0.0.4' });
  const limited = fromA.filter((status) => status === 429).length;
  check(
    limited > 0 && fromB.status === 201,
    `the per-client limit counts visitors, not the proxy: one visitor got ${fromA.filter((s) => s === 201).length}×201 then ${limited}×429 (limit ${RATE_LIMIT} a minute per instance, whatever X-Forwarded-For it sent); the next visitor got ${fromB.status}`,
  );
  const seen = instances.flatMap((instance) => instance.log.join('').match(/"remoteAddress":"127\.0\.0\.\d"/g) ?? []);
  check(
    seen.some((line) => line.includes('127.0.0.3')),
    `the app logs the visitor's address (${[...new Set(seen)].join(', ')})`,
  );

  // The desk: a Secure session cookie behind TLS, valid on both instances.
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/cli/staff.ts',
      'add',
      '--email',
      'owner@institute.example',
      '--name',
      'Owner',
      '--role',
      'admin',
      '--password-stdin',
    ],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: postgres.url },
      input: 'a long enough password for the deploy test\n',
      stdio: ['pipe', 'ignore', 'inherit'],
    },
  );
  const signIn = await send('POST', '/api/staff/session', {
    body: { email: 'owner@institute.example', password: 'a long enough password for the deploy test' },
  });
  const setCookie = String(signIn.headers['set-cookie'] ?? '');
  check(
    signIn.status === 200 && /^__Host-desk_session=/.test(setCookie) && /;\s*Secure/i.test(setCookie),
    `signing in through the proxy sets a Secure __Host- cookie (${signIn.status})`,
  );
  const cookie = setCookie.split(';')[0] ?? '';
  const onEach = await Promise.all(
    ports.map(async (port) => (await fetch(`http://127.0.0.1:${port}/api/staff/me`, { headers: { cookie } })).status),
  );
  check(
    onEach.every((status) => status === 200),
    `the desk session works on both instances (${onEach.join(', ')})`,
  );

  // One instance killed under load: the proxy moves traffic to the other.
  const acknowledged: string[] = [];
  const outcomes = new Map<number, number>();
  let loading = true;
  const visitor = async (n: number) => {
    for (let i = 0; loading; i++) {
      // Every request from a visitor of its own (its own loopback address), within the limit.
      const client = `127.${n + 10}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      const answer = await send('POST', '/api/enquiries', { body: enquiry(), client }).catch(() => ({
        status: 0,
        body: '',
        headers: {},
      }));
      outcomes.set(answer.status, (outcomes.get(answer.status) ?? 0) + 1);
      if (answer.status === 201) acknowledged.push((JSON.parse(answer.body) as { id: string }).id);
    }
  };
  const load = Array.from({ length: 4 }, (_, n) => visitor(n));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const killed = instances[0] as Instance;
  await stopInstance(killed, 'SIGKILL');
  const killedAt = acknowledged.length;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  loading = false;
  await Promise.all(load);
  const served = [...outcomes].map(([status, count]) => `${count}×${status || 'no answer'}`).join(', ');
  figures.push(
    `load: 4 at a time for 4.5 s, each request from its own address; instance ${killed.port} killed (SIGKILL) after ${killedAt} acknowledged; answers ${served}`,
  );
  check(
    (outcomes.get(201) ?? 0) > killedAt,
    `after the kill the other instance kept taking enquiries (${acknowledged.length - killedAt} more acknowledged)`,
  );

  // Restarted, it takes traffic again.
  const restarted = await startInstance(killed.port, settings);
  instances[0] = restarted;
  const linesBefore = readFileSync(accessLog, 'utf8').split('\n').length;
  await new Promise((resolve) => setTimeout(resolve, 11_000)); // the proxy's fail_timeout
  for (let i = 0; i < 10; i++) await send('GET', '/healthz');
  const after = readFileSync(accessLog, 'utf8').split('\n').slice(linesBefore);
  const toRestarted = after.filter(
    (line) => line.includes('/healthz') && line.endsWith(`127.0.0.1:${killed.port}`),
  ).length;
  check(toRestarted > 0, `the restarted instance takes traffic again (${toRestarted} of 10 requests)`);

  // Every acknowledged enquiry is stored, and delivered once.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  cleanups.push(() => client.end());
  const ids = new Set((await client.query<{ id: string }>('select id from enquiries')).rows.map((row) => row.id));
  const lost = acknowledged.filter((id) => !ids.has(id));
  check(
    lost.length === 0,
    `every acknowledged enquiry is stored (${acknowledged.length} acknowledged under load, ${ids.size} stored in all, ${lost.length} lost)`,
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && [...ids].some((id) => !hook.received.has(id)))
    await new Promise((resolve) => setTimeout(resolve, 250));
  const undelivered = [...ids].filter((id) => !hook.received.has(id)).length;
  const repeats = [...hook.received.values()].filter((count) => count > 1).length;
  check(
    undelivered === 0 && repeats === 0,
    `every stored enquiry reached the webhook once (${ids.size} stored, ${undelivered} not delivered, ${repeats} delivered twice)`,
  );
}

const started = Date.now();
try {
  await main();
} catch (error) {
  failures.push(String(error instanceof Error ? error.stack : error));
  console.error(error);
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
for (const figure of figures) console.log(figure);
console.log(
  `${failures.length === 0 ? 'passed' : `${failures.length} failed`} in ${((Date.now() - started) / 1000).toFixed(1)} s; everything it started is stopped`,
);
process.exit(failures.length === 0 ? 0 : 1);
