import { defineConfig } from 'vitest/config';

// Two projects: `unit` (npm run test:unit) needs nothing built; `built` (npm run test:built)
// reads what `npm run build` wrote, so its script builds first when the build is missing or
// stale. The browser tests under tests/e2e run with Playwright against the real build.
export default defineConfig({
  test: {
    // Every core (this project's machine has two; Vitest's default leaves one idle). Each test
    // file's PostgreSQL tests get databases of their own (tests/support/databases.ts), so two
    // files at once never share one.
    maxWorkers: '100%',
    // Test files share their worker's modules (not a fresh import of the server for each file): the
    // unit tests' processor time went from 231 to 145 CPU-s, the built tests' from 129 to 92
    // (`/usr/bin/time npx vitest run --project unit --no-isolate`, quiet two-core machine). Nothing
    // a file changes outside itself outlives it: no test mocks a module, each restores its clock,
    // and Vitest puts back what a test stubbed or spied on. Files shuffled
    // (`--sequence.shuffle.files --sequence.seed=N`) pass as well as in order.
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // Time limits are ceilings far above what a test needs (a test waits for a condition, never for
    // a fixed time): on a busy two-core machine a test of a second alone has taken twenty.
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'desk/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
          setupFiles: ['./tests/setup-unit.ts'],
          globalSetup: ['./tests/support/postgres.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'built',
          include: ['tests/built/**/*.test.ts'],
          // Two instances over one PostgreSQL database serve newly published content (site-render.test.ts).
          globalSetup: ['./tests/support/postgres.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // The server compresses every page once at start-up (server/site/pages.ts): seconds, not ms.
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
