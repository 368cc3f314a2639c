import { defineConfig } from 'vitest/config';

// Browser journeys: the real server on a free port, Debian's Chromium, one file at a time.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/report-failed-tries.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    // One more try for a journey that failed: a real browser on a shared 2-core machine has
    // timing hiccups (focus landing a frame late) that are not defects. A journey that fails
    // twice fails the run, and vitest reports every retried test.
    retry: 1,
  },
});
