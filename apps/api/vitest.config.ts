import { defineConfig } from 'vitest/config';

// Timeouts a loaded 2-core machine can meet: a test starved of CPU is slow, not wrong (no test measures time).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
