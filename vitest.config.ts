import { defineConfig } from 'vitest/config';

// Vitest runs unit and API tests only; Playwright owns test/e2e.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/api/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Starts a PostgreSQL cluster when ANSWERSCOPE_TEST_DATABASE=postgres (issue 14); else a no-op.
    globalSetup: ['test/helpers/postgres-global-setup.ts'],
  },
});
