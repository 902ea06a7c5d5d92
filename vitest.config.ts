import { defineConfig } from 'vitest/config';

// Vitest runs unit and API tests only; Playwright owns test/e2e.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/api/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
