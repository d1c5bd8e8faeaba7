import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // No retries: a journey that fails once fails the run. Quarantined journeys (scripts/quarantine.mjs) are left
  // out here and run apart, retried and named, by `npm test`.
  retries: 0,
  testIgnore: (process.env.E2E_QUARANTINED ?? '')
    .split(',')
    .filter(Boolean)
    .map((file) => `**/${file}`),
  // Generous: CI shares 2 cores, and axe scans or a server start can take a while there.
  timeout: 90_000,
  // How long a condition may take to come true (a wait, not a speed limit): a page under a load of 14 can
  // take more than 10 s to show what it will show.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    headless: true,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
