import { defineConfig } from 'vitest/config';

// Browser journeys in real Chromium against the built API + SPA; one server for the whole run.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // A journey on a loaded 2-core machine can take minutes; a hung one still ends.
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
