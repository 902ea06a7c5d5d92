import { defineConfig } from '@playwright/test';

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against `npm run serve`.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // The first load of a screen of the 12-update sample project can take over 5 s (the default)
  // on two cores shared with other work.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    headless: true,
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
