import { defineConfig } from 'vitest/config';

// Unit tests only; the browser tests under tests/e2e run with Playwright against the real build.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'desk/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./tests/setup-unit.ts'],
    globalSetup: ['./tests/support/postgres.ts'],
    // Database tests share one PostgreSQL cluster; keep the two cores for them rather than many workers.
    testTimeout: 20_000,
  },
});
