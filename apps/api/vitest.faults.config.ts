import { defineConfig } from 'vitest/config';

// The fault suite (`npm run test:faults`, issue 24): minutes of outages, so not in `npm test`.
export default defineConfig({
  test: {
    include: ['faults/**/*.faults.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
    // The machine's PostgreSQL unless told otherwise: the database outage needs a server to stop.
    env: {
      DATABASE_URL: process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
