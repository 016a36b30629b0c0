import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * E2E against the built client and the real server on a fresh database (tests/e2e/start-server.ts). The specs
 * run in two halves side by side, each on its own server and database with one worker, so a spec sees only the
 * rows of the specs of its half before it, as it saw all of them before; a spec belongs to the till's half by
 * its name (the till, orders, vendors and their money), to the back office's otherwise.
 */
const TILL_HALF = /\/(order|pos|check-payment|coupons|registers|reports|settlement|tags|vendor|sales-alerts)[\w-]*\.spec\.ts$/;

const halves = [
  { name: 'chromium', port, testIgnore: TILL_HALF },
  { name: 'chromium-till', port: port + 1, testMatch: TILL_HALF },
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: halves.length,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: halves.map((half) => ({
    name: half.name,
    workers: 1,
    ...(half.testMatch ? { testMatch: half.testMatch } : { testIgnore: half.testIgnore }),
    use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${half.port}` },
  })),
  webServer: halves.map((half) => ({
    command: 'npx tsx tests/e2e/start-server.ts',
    url: `http://127.0.0.1:${half.port}/login`,
    env: { E2E_PORT: String(half.port), HOST: '127.0.0.1' },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
  })),
});
