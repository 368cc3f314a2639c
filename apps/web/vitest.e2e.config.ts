import { defineConfig } from 'vitest/config';

// Browser journeys: the real server on a free port, Debian's Chromium, one file at a time.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    // No retries: a journey that fails once is a defect to find, not noise to cover.
    retry: 0,
  },
});
