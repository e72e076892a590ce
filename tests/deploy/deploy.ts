/**
 * `npm run test:deploy`: the production setup of docs/operations.md, brought up on loopback and
 * checked end to end. Debian's nginx with deploy/nginx.conf (only addresses, ports and paths
 * swapped) terminates TLS with a throwaway certificate in front of two app instances started
 * with deploy/site@.service's ExecStart and Environment, on one throwaway PostgreSQL, with a
 * webhook receiver standing in for the institute's CRM and one standing in for Meta's
 * Conversions API. Visitors load pages, send enquiries and register for a session while one instance is killed and
 * while both are restarted one after the other; they must get an answer every time. It prints
 * its figures and stops everything it started; any failed check exits 1.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/free-port';
import { startThrowawayPostgres } from '../../scripts/throwaway-postgres';
import { startWebhookReceiver as startReceiver } from '../support/receivers';
import { waitForServer } from '../../scripts/wait-for-server';
import { languages, localizedPath } from '../../shared/languages';
import { indexedPaths } from '../../src/pages';
import { addDays, localDate } from '../../shared/institute-calendar';
import type { EventSession } from '../../shared/schema/events';
import { createContentRepository } from '../../server/db/content-repository';
import { openDatabase } from '../../server/db/database';
import { startingContent } from '../../src/content/site-content';

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

/** The stand-in CRM: records every request (tests/support/receivers.ts). */
async function startWebhookReceiver() {
  const receiver = await startReceiver();
  cleanups.push(receiver.close);
  return receiver;
}

/** The stand-in for Meta's Graph API: answers as Meta does. */
async function startMetaReceiver() {
  const receiver = await startReceiver(() => ({ status: 200, json: { events_received: 1 } }));
  cleanups.push(receiver.close);
  return receiver;
}

/** The stand-in for MSG91's SendOTP API: every code the instances send arrives here. */
let sms: Awaited<ReturnType<typeof startReceiver>>;
async function startSmsReceiver() {
  sms = await startReceiver(() => ({ status: 200, json: { type: 'success', request_id: 'deploy' } }));
  cleanups.push(sms.close);
  return sms;
}
/** The last code sent to a number (ten digits), as its phone received it. */
const codeSentTo = (phone: string) =>
  sms.requests
    .map((request) => new URL(request.url, 'http://sms').searchParams)
    .filter((query) => query.get('mobile') === `91${phone}`)
    .at(-1)
    ?.get('otp') ?? '';

/** How many times each key came. */
const countKeys = (keys: string[]) => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
};

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
const applicationName = (port: number) => `site-${port}`;
/** Every instance started, restarted ones included: their logs say which deliveries failed and were retried. */
const started: Instance[] = [];

async function startInstance(port: number, settings: Record<string, string>): Promise<Instance> {
  const { args, env } = unitCommand(port);
  const log: string[] = [];
  // Its database sessions carry its port, so the test can see which instance a query waits on.
  const databaseUrl = new URL(settings.DATABASE_URL ?? '');
  databaseUrl.searchParams.set('application_name', applicationName(port));
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...settings, DATABASE_URL: databaseUrl.href, ...env },
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
  const instance = { port, process: child, log };
  started.push(instance);
  return instance;
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
/** An enquiry as the form sends it: its own idempotency key, and the visitor's yes to the pixel (so Meta hears of it). */
const enquiry = () => {
  phone += 1;
  return {
    studentName: 'Asha Verma',
    phone: String(phone),
    classLevel: '12',
    course: 'jee',
    city: 'Jaipur',
    consent: true,
    idempotencyKey: randomUUID(),
    trackingConsent: 'granted',
  };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition` holds (checked every 50 ms); throws naming `what` after `timeoutMs`. */
async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting: ${what}`);
    await sleep(50);
  }
}

let clients = 0;
/** A loopback address no visitor has used yet, so the per-client limit never applies under load. */
function newClient() {
  const n = clients++;
  // Each next one in another /24: a network's one-time codes are limited (server/phone-codes/phone-codes.ts).
  return `127.${20 + Math.floor(n / 62_500)}.${n % 250}.${(Math.floor(n / 250) % 250) + 1}`;
}

/**
 * The session the visitors register for: published as live content when the instances are up
 * (dated around today, whatever day the test runs), with seats for everyone.
 */
const deploySession: EventSession = {
  id: 'deploy-test-session',
  type: 'demo-class',
  date: addDays(localDate(new Date()), 7),
  reportBy: '15:45',
  starts: '16:00',
  ends: '17:30',
  online: false,
  capacity: 2000,
  classes: ['12'],
  courses: ['jee'],
  opens: localDate(new Date()),
  closes: addDays(localDate(new Date()), 6),
};

type Load = {
  answers: Map<string, number>;
  acknowledged: string[];
  /** Registrations acknowledged (201 booked, or 200: the same form again, the seat it has). */
  registered: string[];
  repeats: number;
  stop: () => Promise<void>;
};

/**
 * Visitors, `count` at a time, until stopped: each opens a page, sends an enquiry or registers
 * for the deploy session (at random, so that the proxy's round robin sends every kind to both
 * instances), again and again, every request from an address of its own. Counts the answers
 * ("page 200", "enquiry 201", "registration 201", "enquiry no answer", …) and the ids of the
 * acknowledged enquiries and registrations.
 */
function startLoad(pages: string[], count: number): Load {
  const answers = new Map<string, number>();
  const acknowledged: string[] = [];
  const registered: string[] = [];
  const load: Load = { answers, acknowledged, registered, repeats: 0, stop: async () => {} };
  let loading = true;
  const count1 = (key: string) => answers.set(key, (answers.get(key) ?? 0) + 1);
  const visitor = async (n: number) => {
    for (let i = 0; loading; i++) {
      const kind = Math.random();
      if (kind < 0.25) {
        // A seat for a proved number: a code to it first (by the stand-in SMS provider), then the booking with it.
        const family = enquiry();
        const client = newClient();
        const asked = await send('POST', '/api/phone-codes', { body: { phone: family.phone }, client }).catch(
          () => undefined,
        );
        count1(`code ${asked?.status ?? 'no answer'}`);
        if (asked?.status !== 201) continue;
        const code = codeSentTo(family.phone);
        const answer = await send('POST', '/api/registrations', {
          body: { ...family, sessionId: deploySession.id, codeId: (JSON.parse(asked.body) as { id: string }).id, code },
          client,
        }).catch(() => undefined);
        count1(`registration ${answer?.status ?? 'no answer'}`);
        if (answer?.status === 201 || answer?.status === 200)
          registered.push((JSON.parse(answer.body) as { id: string }).id);
        continue;
      }
      if (kind < 0.6) {
        const page = await send('GET', pages[(n + i) % pages.length] ?? '/', { client: newClient() }).catch(
          () => undefined,
        );
        count1(`page ${page?.status ?? 'no answer'}`);
        continue;
      }
      const answer = await send('POST', '/api/enquiries', { body: enquiry(), client: newClient() }).catch(
        () => undefined,
      );
      count1(`enquiry ${answer?.status ?? 'no answer'}`);
      if (answer?.status === 201) {
        const { id, created } = JSON.parse(answer.body) as { id: string; created: boolean };
        acknowledged.push(id);
        if (!created) load.repeats += 1;
      }
    }
  };
  const running = Array.from({ length: count }, (_, n) => visitor(n));
  load.stop = async () => {
    loading = false;
    await Promise.all(running);
  };
  return load;
}

const describe = (answers: Map<string, number>) =>
  [...answers]
    .sort()
    .map(([what, n]) => `${n}× ${what}`)
    .join(', ');
const failedAnswers = (answers: Map<string, number>) =>
  [...answers].filter(([what]) => !/ 20[01]$/.test(what)).reduce((sum, [, n]) => sum + n, 0);

// ——— the run ——————————————————————————————————————————————————————————————————

async function main() {
  const tls = makeCertificate();
  ca = tls.ca;
  const postgres = await startThrowawayPostgres();
  if (!postgres) throw new Error('PostgreSQL is not installed (bash scripts/ensure-system.sh postgres installs it).');
  cleanups.push(() => postgres.stop());
  const hook = await startWebhookReceiver();
  const meta = await startMetaReceiver();
  await startSmsReceiver();
  const ports = [await freePort(), await freePort()];
  httpsPort = await freePort();
  origin = `https://${HOSTNAME}:${httpsPort}`;
  const settings = {
    DATABASE_URL: postgres.url,
    TRUST_PROXY: '127.0.0.1',
    COOKIE_SECURE: 'true',
    ENQUIRY_RATE_LIMIT: String(RATE_LIMIT),
    ENQUIRY_WEBHOOK_URL: hook.url,
    META_PIXEL_ID: '123456789012345',
    META_CAPI_ACCESS_TOKEN: 'deploy-test-conversions-api-token',
    META_CAPI_URL: `${new URL(meta.url).origin}/v26.0`,
    ENQUIRY_WEBHOOK_SECRET: 'deploy-test-webhook-secret',
    PHONE_CODE_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: 'deploy-test-msg91-key',
    MSG91_TEMPLATE_ID: 'deploytemplate1',
    MSG91_URL: sms.url,
    DELIVERY_POLL_MS: '200',
    // Longer than a send may take (10 s), so only a dead or stalled instance loses a lease.
    DELIVERY_LEASE_MS: '15000',
    DELIVERY_RETRY_BASE_MS: '500',
    LOG_LEVEL: 'info',
  };
  const instances = await Promise.all(ports.map((port) => startInstance(port, settings)));
  cleanups.push(async () => {
    for (const instance of instances) await stopInstance(instance);
  });
  const { accessLog } = startNginx(ports, httpsPort, await freePort(), tls);
  await until('nginx answers', async () => (await send('GET', '/healthz').catch(() => undefined))?.status === 200);
  console.log(
    `nginx on https://127.0.0.1:${httpsPort} → app instances on ${ports.join(' and ')}, PostgreSQL ${new URL(postgres.url).port}`,
  );

  // Every page, in both languages, through TLS; compressed; pages revalidated, assets cached.
  const pages = languages.flatMap((language) => indexedPaths.map((path) => localizedPath(language, path)));
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
  // The session cookie (the known-browser cookie, __Host-desk_browser, comes with it).
  const cookies = [signIn.headers['set-cookie'] ?? []].flat();
  const setCookie = cookies.find((line) => line.startsWith('__Host-desk_session=')) ?? '';
  const browserCookie = cookies.find((line) => line.startsWith('__Host-desk_browser=')) ?? '';
  check(
    signIn.status === 200 && /;\s*Secure/i.test(setCookie) && /;\s*Secure/i.test(browserCookie),
    `signing in through the proxy sets Secure __Host- cookies, the session's and the known browser's (${signIn.status})`,
  );
  const cookie = setCookie.split(';')[0] ?? '';
  const onEach = await Promise.all(
    ports.map(async (port) => (await fetch(`http://127.0.0.1:${port}/api/staff/me`, { headers: { cookie } })).status),
  );
  check(
    onEach.every((status) => status === 200),
    `the desk session works on both instances (${onEach.join(', ')})`,
  );

  const { default: pg } = await import('pg');
  const database = new pg.Client({ connectionString: postgres.url });
  await database.connect();
  cleanups.push(() => database.end());
  // The session the visitors register for, live on both instances from now on.
  const writer = await openDatabase(postgres.url);
  await createContentRepository(writer)
    .publish(
      { ...startingContent, institute: { ...startingContent.institute, eventSessions: [deploySession] } },
      { basedOn: undefined },
    )
    .finally(() => writer.close());
  const leaseOwnerOf = (instance: Instance) => /"leaseOwner":"([\w-]+)"/.exec(instance.log.join(''))?.[1] ?? '';
  /** Requests the proxy sent to one instance and then, with no answer from it, to the other. */
  const resent = () =>
    readFileSync(accessLog, 'utf8')
      .split('\n')
      .filter((line) => line.includes(', 127.0.0.1:'));
  /** Visitors' forms (enquiries and registrations; both wait on the enquiries table) the proxy re-sent. */
  const resentForms = () => {
    const lines = resent();
    return {
      enquiries: lines.filter((line) => line.includes('"POST /api/enquiries ')).length,
      registrations: lines.filter((line) => line.includes('"POST /api/registrations ')).length,
    };
  };

  /** Waits until the proxy sends requests to the instance on `port` again (after its fail_timeout); false if it never does. */
  async function untilProxyUses(port: number) {
    const from = readFileSync(accessLog, 'utf8').length;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      await send('GET', '/healthz');
      const lines = readFileSync(accessLog, 'utf8').slice(from).split('\n');
      if (lines.some((line) => line.endsWith(`127.0.0.1:${port}`))) return true;
      await sleep(250);
    }
    return false;
  }

  // One instance killed (SIGKILL) under load, with forms in flight on it: requests it was
  // answering are re-sent by the proxy to the other one; nobody sees an error. To be sure the
  // kill lands while forms are being stored, the test holds a lock on the enquiries table until
  // the visitors' enquiries and registrations (a registration stores its enquiry first) are
  // waiting on it, kills the instance, then lets go. Which kinds were waiting on the killed
  // instance is chance, so the check counts both.
  const resentBefore = resentForms();
  const visitors = 12;
  const underKill = startLoad(pages, visitors);
  await until('the visitors have enquiries acknowledged', () => underKill.acknowledged.length >= 10);
  await database.query('begin');
  await database.query('lock table enquiries in exclusive mode');
  // Until the queries waiting on the lock (the visitors' forms) stop growing, with at least one
  // of them on the instance about to be killed.
  const killed = instances[0] as Instance;
  const waitingUntil = Date.now() + 10_000;
  let waiting = 0;
  let waitingOnKilled = 0;
  for (let steady = 0; steady < 10 && Date.now() < waitingUntil;) {
    await sleep(50);
    const row = (
      await database.query<{ n: string; on_killed: string }>(
        `select count(*) as n, count(*) filter (where application_name = $1) as on_killed
         from pg_stat_activity where state = 'active' and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        [applicationName(killed.port)],
      )
    ).rows[0];
    const now = Number(row?.n);
    waitingOnKilled = Number(row?.on_killed);
    steady = waitingOnKilled > 0 && now === waiting ? steady + 1 : 0;
    waiting = now;
  }
  const killedOwner = leaseOwnerOf(killed);
  await stopInstance(killed, 'SIGKILL');
  // What it was sending when it died: leased to it, not marked sent (another instance takes these
  // over once DELIVERY_LEASE_MS has passed). Only these may reach a receiver twice.
  const inFlight = (
    await database.query<{ enquiry_id: string; channel: string }>(
      "select enquiry_id, channel from deliveries where status = 'sending' and lease_owner = $1",
      [killedOwner],
    )
  ).rows;
  await database.query('commit');
  const killedAt = underKill.acknowledged.length;
  await until('the other instance acknowledges more enquiries', () => underKill.acknowledged.length >= killedAt + 50);
  await underKill.stop();
  const resentAfter = resentForms();
  const resentUnderKill = {
    enquiries: resentAfter.enquiries - resentBefore.enquiries,
    registrations: resentAfter.registrations - resentBefore.registrations,
  };
  figures.push(
    `SIGKILL under load (${visitors} visitors, each request a page, an enquiry or a registration, until the other instance had acknowledged 50 more after the kill; instance ${killed.port} killed after ${killedAt} enquiries acknowledged, with ${waiting} queries waiting on the lock, ${waitingOnKilled} of them on the killed instance): ${describe(underKill.answers)}; ${resentUnderKill.enquiries} enquiries and ${resentUnderKill.registrations} registrations re-sent by the proxy to the other instance, ${underKill.repeats} of those enquiries already stored (recognised, not stored again); it was sending ${inFlight.length} deliveries when it died`,
  );
  check(killedOwner !== '', 'the killed instance logged its outbox lease owner');
  check(
    resentUnderKill.enquiries + resentUnderKill.registrations > 0,
    `the kill caught visitors' forms in flight on the killed instance, which the proxy re-sent (${resentUnderKill.enquiries} enquiries, ${resentUnderKill.registrations} registrations)`,
  );
  check(
    failedAnswers(underKill.answers) === 0,
    `visitors got an answer to everything while an instance was killed (${failedAnswers(underKill.answers)} errors or no answers)`,
  );
  check(
    underKill.acknowledged.length > killedAt,
    `after the kill the other instance kept taking enquiries (${underKill.acknowledged.length - killedAt} more acknowledged)`,
  );

  // Restarted, it takes traffic again.
  instances[0] = await startInstance(killed.port, settings);
  check(await untilProxyUses(killed.port), `the restarted instance ${killed.port} takes traffic again`);

  // A rolling restart, as docs/operations.md says to upgrade: SIGTERM one instance (it stops
  // taking connections, finishes what it has, and exits), start it, wait until the proxy uses
  // it, then the other. Visitors keep loading pages and sending enquiries throughout.
  const resentBeforeRolling = resent().length;
  const rolling = startLoad(pages, 4);
  await until('the visitors have enquiries acknowledged', () => rolling.acknowledged.length >= 5);
  const steps: string[] = [];
  for (const index of [0, 1]) {
    const instance = instances[index] as Instance;
    const stoppedAt = Date.now();
    await stopInstance(instance, 'SIGTERM');
    const drained = Date.now() - stoppedAt;
    instances[index] = await startInstance(instance.port, settings);
    const back = await untilProxyUses(instance.port);
    check(back, `after a rolling restart the proxy uses instance ${instance.port} again`);
    steps.push(
      `${instance.port} drained and exited in ${drained} ms, back in ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s`,
    );
  }
  const afterRestarts = rolling.acknowledged.length;
  await until('enquiries are acknowledged after both restarts', () => rolling.acknowledged.length >= afterRestarts + 5);
  await rolling.stop();
  figures.push(
    `rolling restart under load (${steps.join('; ')}): ${describe(rolling.answers)}; ${resent().length - resentBeforeRolling} requests re-sent by the proxy`,
  );
  check(
    failedAnswers(rolling.answers) === 0 && rolling.acknowledged.length > 0,
    `visitors got an answer to everything during a rolling restart (${failedAnswers(rolling.answers)} errors or no answers, ${rolling.acknowledged.length} enquiries acknowledged)`,
  );

  // Every acknowledged enquiry is stored, once.
  const acknowledged = [...underKill.acknowledged, ...rolling.acknowledged];
  const ids = new Set((await database.query<{ id: string }>('select id from enquiries')).rows.map((row) => row.id));
  const lost = acknowledged.filter((id) => !ids.has(id));
  check(
    lost.length === 0,
    `every acknowledged enquiry is stored (${acknowledged.length} acknowledged under load, ${ids.size} stored in all, ${lost.length} lost)`,
  );
  const twice = (
    await database.query<{ phone: string }>('select phone from enquiries group by phone having count(*) > 1')
  ).rows.length;
  check(twice === 0, `no enquiry is stored twice (${twice} phone numbers stored more than once)`);

  // Every acknowledged registration is stored, once, and its seat counted once.
  const registered = [...underKill.registered, ...rolling.registered];
  const registrations = new Set(
    (await database.query<{ id: string }>('select id from registrations')).rows.map((row) => row.id),
  );
  const lostRegistrations = registered.filter((id) => !registrations.has(id));
  const seats = Number(
    (
      await database.query<{ taken: number }>('select taken from session_seats where session_id = $1', [
        deploySession.id,
      ])
    ).rows[0]?.taken ?? 0,
  );
  check(
    registered.length > 0 && lostRegistrations.length === 0 && seats === registrations.size,
    `every acknowledged registration is stored and its seat counted once (${registered.length} acknowledged under load, ${registrations.size} stored, ${lostRegistrations.length} lost, ${seats} seats counted)`,
  );

  // Delivered at least once (docs/api.md): every stored enquiry reaches each receiver, counted by
  // the key the receiver keeps one of; a repeat only for a delivery that was in flight when the
  // killed instance died.
  // A delivery is counted by the key the receiver keeps one of: the webhook's Idempotency-Key
  // (docs/api.md: "keep one per key"), Meta's event_id (Meta keeps one Lead per event id).
  const channels = [
    { name: 'webhook', key: 'Idempotency-Key', received: () => countKeys(hook.delivered()) },
    {
      name: 'meta',
      key: 'event_id',
      received: () =>
        countKeys(
          meta.requests.flatMap(({ body }) =>
            (JSON.parse(body) as { data: { event_id: string }[] }).data.map((event) => event.event_id),
          ),
        ),
    },
  ];
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && channels.some(({ received }) => [...ids].some((id) => !received().has(id))))
    await sleep(250);
  for (const channel of channels) {
    const { name, key } = channel;
    const received = channel.received();
    const undelivered = [...ids].filter((id) => !received.has(id)).length;
    const strangers = [...received.keys()].filter((id) => !ids.has(id)).length;
    // A repeat is allowed for a delivery the killed instance was sending, for one whose attempt
    // failed (no answer in time) and was tried again, and for one whose sender stalled past its
    // lease (it says so in its log): in each, the receiver may have had it already.
    const killedWhileSending = inFlight.filter((row) => row.channel === name).map((row) => row.enquiry_id);
    const logged = (message: string) =>
      started
        .flatMap((instance) => instance.log.join('').split('\n'))
        .filter((line) => line.includes(`"msg":"${message}`) && line.includes(`"channel":"${name}"`));
    const retried = logged('delivery failed, will retry');
    const leaseLost = logged('enquiry delivered after its lease ran out');
    for (const line of [...retried, ...leaseLost]) console.log(`  ${line}`);
    const explained = new Set([
      ...killedWhileSending,
      ...[...retried, ...leaseLost].map((line) => /"enquiryId":"([\w-]+)"/.exec(line)?.[1] ?? ''),
    ]);
    const repeated = [...received].filter(([, count]) => count > 1).map(([id]) => id);
    const unexplained = repeated.filter((id) => !explained.has(id)).length;
    check(
      undelivered === 0 && strangers === 0,
      `${name}: the distinct ${key}s received are exactly the ${ids.size} stored enquiries (${undelivered} missing, ${strangers} unknown)`,
    );
    check(
      unexplained === 0,
      `${name}: a ${key} came twice only for a delivery in flight when the instance was killed, retried after a failed attempt or sent past its lease (${repeated.length} repeated; ${killedWhileSending.length} in flight, ${retried.length} retried, ${leaseLost.length} past the lease; ${unexplained} otherwise)`,
    );
    figures.push(
      `${name}: ${ids.size} enquiries, ${[...received.values()].reduce((a, b) => a + b, 0)} requests, ${repeated.length} sent twice (the killed instance had ${killedWhileSending.length} in flight; ${retried.length} attempts failed and were retried; ${leaseLost.length} sent past the lease)`,
    );
  }
}

const startedAt = Date.now();
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
  `${failures.length === 0 ? 'passed' : `${failures.length} failed`} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; everything it started is stopped`,
);
process.exit(failures.length === 0 ? 0 : 1);
