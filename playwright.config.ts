import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from './scripts/chromium';
import { localDate } from './shared/institute-calendar';

/**
 * Browser tests against the production build served by our own server (`npm run
 * build` first; `npm test` does). Servers: the site as configured by default (no
 * pixel); the same build with a Meta pixel ID and the Conversions API set, which sends
 * to a local stand-in for Meta's Graph API; and two instances sharing one database for
 * publishing content.
 */
/** E2E_PORT_BASE moves every port (so two checkouts can run their browser tests side by side). */
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4173);
export const PORT = PORT_BASE;
export const PIXEL_PORT = PORT_BASE + 1;
export const TEST_PIXEL_ID = '123456789012345';
/** Stands in for Meta's Graph API (tests/support/meta-receiver.ts): the pixel server's Conversions API sends here. */
export const META_RECEIVER_PORT = PORT_BASE + 2;
/**
 * Two instances of the site on one database, where editors publish content (tests/e2e/content.spec.ts):
 * apart from the default server, so a fee changed there changes no page another test reads.
 */
export const CONTENT_PORTS = [PORT_BASE + 3, PORT_BASE + 4] as const;
export const CONTENT_DATABASE_FILE = 'build/e2e-data/content.db';
/** How far the content servers' clocks are moved on, in milliseconds (tests/support/shifted-clock.ts). */
export const CONTENT_CLOCK_FILE = 'build/e2e-data/content-clock';
/**
 * A server of its own for a counsellor's day (tests/e2e/desk-leads-day.spec.ts): the only
 * counsellor there is the test's, so every new enquiry goes to them (elsewhere, the other tests'
 * counsellors take turns).
 */
export const LEADS_PORT = PORT_BASE + 5;
export const LEADS_DATABASE_FILE = 'build/e2e-data/leads.db';
/**
 * A server of its own for booking a seat (tests/e2e/events.spec.ts): sessions dated from today
 * published before it starts (tests/support/events-server.ts), one of them with a single seat.
 */
export const EVENTS_PORT = PORT_BASE + 6;
// The day those sessions are dated from, fixed once for the run: the config is read again in
// every worker, which inherits this (tests/support/event-sessions.ts).
const SESSIONS_FROM = (process.env.E2E_SESSIONS_FROM ??= localDate(new Date()));
export const EVENTS_DATABASE_FILE = 'build/e2e-data/events.db';
/** The default server's database (inside build/, so every build starts it afresh). */
export const E2E_DATABASE_FILE = 'build/e2e-data/site.db';
/** The pixel server's database. */
export const PIXEL_DATABASE_FILE = 'build/e2e-data/pixel.db';

/** A server the tests need, and the address that answers once it is up. */
type Server = { name: string; command: string; url: string; env?: Record<string, string> };

const site = (
  name: string,
  port: number,
  env: Record<string, string> = {},
  command = 'node --import tsx server/server.ts',
): Server => ({
  name,
  command,
  url: `http://localhost:${port}/`,
  env: {
    PORT: String(port),
    HOST: 'localhost',
    LOG_LEVEL: 'warn',
    // Every test posts from 127.0.0.1; the rate limit itself is covered by the API tests.
    ENQUIRY_RATE_LIMIT: '10000',
    ...env,
  },
});

const servers: Server[] = [
  site('site', PORT, {
    DATABASE_URL: `file:${E2E_DATABASE_FILE}`,
    // Staff passwords hashed at the tests' cheap cost (server/staff/passwords.ts), as addStaff
    // (tests/e2e/database.ts) hashes them; production's cost is tested in server/sign-in-flood.test.ts.
    NODE_ENV: 'test',
    STAFF_PASSWORD_COST: 'test',
    // A guesser made to wait stays waiting while the test looks (the default first wait is 1 s).
    SIGN_IN_FIRST_WAIT_SECONDS: '600',
  }),
  site('pixel', PIXEL_PORT, {
    META_PIXEL_ID: TEST_PIXEL_ID,
    META_CAPI_ACCESS_TOKEN: 'e2e-conversions-api-token',
    META_CAPI_URL: `http://127.0.0.1:${META_RECEIVER_PORT}/v26.0`,
    DELIVERY_POLL_MS: '100',
    DATABASE_URL: `file:${PIXEL_DATABASE_FILE}`,
  }),
  ...CONTENT_PORTS.map((port, index) =>
    site(
      `content ${index + 1}`,
      port,
      {
        DATABASE_URL: `file:${CONTENT_DATABASE_FILE}`,
        NODE_ENV: 'test',
        STAFF_PASSWORD_COST: 'test',
        CONTENT_CHECK_MS: '500',
        CLOCK_OFFSET_FILE: CONTENT_CLOCK_FILE,
      },
      'node --import tsx --import ./tests/support/shifted-clock.ts server/server.ts',
    ),
  ),
  site(
    'events',
    EVENTS_PORT,
    {
      DATABASE_URL: `file:${EVENTS_DATABASE_FILE}`,
      NODE_ENV: 'test',
      STAFF_PASSWORD_COST: 'test',
      E2E_SESSIONS_FROM: SESSIONS_FROM,
      // The codes that prove a family's number go by "SMS" to the stand-in (tests/e2e/support.ts typeTheCode).
      PHONE_CODE_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'e2e-msg91-auth-key',
      MSG91_TEMPLATE_ID: 'e2etemplate1',
      MSG91_URL: `http://127.0.0.1:${META_RECEIVER_PORT}/msg91/otp`,
      // Every test books from 127.0.0.1; the limits themselves are covered by the API tests.
      PHONE_CODE_LIMIT_PER_ADDRESS: '10000',
      PHONE_CODE_LIMIT_PER_NETWORK: '10000',
    },
    'node --import tsx tests/support/events-server.ts',
  ),
  site('leads', LEADS_PORT, {
    DATABASE_URL: `file:${LEADS_DATABASE_FILE}`,
    NODE_ENV: 'test',
    STAFF_PASSWORD_COST: 'test',
    // The counsellor's phone: pushes go to the test's stand-in push service (tests/support/push-service.ts).
    WEB_PUSH_SERVICES: '127.0.0.1',
  }),
  {
    name: 'Meta stand-in',
    command: 'node --import tsx tests/support/meta-receiver.ts',
    url: `http://127.0.0.1:${META_RECEIVER_PORT}/received`,
    env: { PORT: String(META_RECEIVER_PORT) },
  },
];

/**
 * The servers start all at once. Playwright starts its web servers one after another, each once
 * the one before it answers (about 3 s of processor each); here each is listed without its
 * address, so the next starts at once, between two checks of tests/support/servers-ready.ts:
 * before them, that no address answers yet (a server left running would be tested in place of
 * this build's); after them, that every one answers.
 */
const urls = servers.map(({ url }) => url).join(' ');
const webServer = [
  {
    name: 'free',
    command: `node --import tsx tests/support/servers-ready.ts free ${urls}`,
    wait: { stdout: /none answers yet/ },
  },
  ...servers.map(({ name, command, env }) => ({ name, command, env })),
  {
    name: 'ready',
    command: `node --import tsx tests/support/servers-ready.ts answer ${urls}`,
    wait: { stdout: /every one answers/ },
    timeout: 180_000,
  },
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // A browser and its page keep about one core busy: one worker per core, and two on a two-core
  // machine, where a worker's waits for a server leave room for the other (Playwright's default
  // would be one). The tests pass side by side four at a time too (221 with `--workers 4` on two
  // cores, 2026-11-29), so a machine with more cores runs them that much sooner.
  workers: Math.max(2, availableParallelism()),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  // Ceilings far above what a test needs (each waits for a condition, never a fixed time): on a
  // busy two-core machine a page's code or a server's answer can take several times as long.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace is kept for a failed test to open in `npx playwright show-trace`. Not in CI, which
    // keeps no files: recording one for every test cost a twentieth of the run.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The browser asks for less motion, so the desk's dialogs open without their zoom: a click
    // on a dialog's button while it was still growing was lost once on a busy CI machine.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS },
      },
    },
  ],
  webServer,
});
