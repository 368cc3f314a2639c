import { defineConfig } from 'vitest/config';
import { JOURNEY_WORKERS } from './e2e/journey-workers';

// Browser journeys: Debian's Chromium against the real server, one server (and database) per
// worker so that files running at once share no account; each worker runs its files in turn.
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
    maxWorkers: JOURNEY_WORKERS,
    // No retries: a journey that fails once is a defect to find, not noise to cover.
    retry: 0,
    reporters: ['default', '../../scripts/slowest-files-reporter.ts'],
  },
});
