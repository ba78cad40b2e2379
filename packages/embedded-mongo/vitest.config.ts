import { defineConfig } from 'vitest/config';

// Generous timeouts: the machines are shared (a starved test is slow, not wrong) and the crash/CLI tests spawn child processes.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
