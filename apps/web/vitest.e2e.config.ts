import { defineConfig } from 'vitest/config';

// Browser journeys: the real server on a free port, Debian's Chromium, one file at a time.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // What a journey polls for (a section scrolled into view, a code in its field) is waited
    // for as a person would, not within Vitest's default second: on CI's shared cores a page's
    // lazy part may take several.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    // No retries: a journey that fails once is a defect to find, not noise to cover.
    retry: 0,
    reporters: ['default', '../../scripts/slowest-files-reporter.ts'],
  },
});
