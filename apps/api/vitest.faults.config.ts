import { defineConfig } from 'vitest/config';

// The fault suite: `npm run test:faults` holds minutes of outages and a thousand submissions;
// `npm test` runs each fault once in a short form (`test:faults:short`: seconds, tens).
export default defineConfig({
  test: {
    include: ['faults/**/*.faults.ts'],
    pool: 'forks',
    reporters: ['default', '../../scripts/slowest-files-reporter.ts'],
    fileParallelism: false,
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
    // The machine's PostgreSQL unless told otherwise: the database outage needs a server to stop.
    env: {
      DATABASE_URL: process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
