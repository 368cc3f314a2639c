import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Each file opens its own database (PGlite in memory, or a PostgreSQL database) made from
    // the one migrated at the start of the run.
    globalSetup: ['src/test-support/database-template.ts', 'src/test-support/sign-in-renderer.ts'],
    pool: 'forks',
    // Files share nothing but the servers, so both cores run one each (Vitest would pick one).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', '../../scripts/slowest-files-reporter.ts'],
  },
});
