import { defineConfig } from 'vitest/config';

// Generous timeouts: the machines are shared and the crash/CLI tests spawn child processes.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
