import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Process-level CLI tests and the real-data suites need more than the 5 s default on a shared 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
