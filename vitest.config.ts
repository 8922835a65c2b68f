import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `boden` and `boden-bench` resolve to their TypeScript sources (the `boden-source` export condition), so that the
  // tests, the core and the benchmark share one copy of every module.
  resolve: { conditions: ['boden-source'] },
  ssr: { resolve: { conditions: ['boden-source'], externalConditions: ['boden-source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    // Two test files at a time (vitest's default is cores − 1, so one file at a time on a 2-core machine): most
    // files spend their time waiting on child processes (Python, boden serve, Redis, a silent server's timeouts).
    // Nothing here depends on wall-clock speed; a clean run under a saturated machine passed at 2 (2026-12-04).
    maxWorkers: 2,
    // The files of a worker share its modules: loading boden's sources once per worker rather than once per file cut
    // the suite's import time from 324 s to 53 s and its wall time from 759 s to 584 s (2026-12-04, clean clone). So a
    // test restores what it changes in the process (environment variables, process streams, exit code), as they do.
    isolate: false,
    // Process-level CLI tests and the real-data suites need more than the 5 s default on a shared 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
