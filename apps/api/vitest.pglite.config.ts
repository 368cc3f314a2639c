import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The files whose code differs between the engines, again on the embedded PGlite after the
 * whole suite ran on PostgreSQL: opening and migrating the database, COPY, the job queue's
 * driver, the read replica and tracing hooks, the demo loader, start-up, the provider's storage,
 * and sign-in and the lookup as a smoke test of the rest. `npm test` runs it only when the
 * whole suite ran on PostgreSQL (with DATABASE_URL): otherwise the whole suite was this engine.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      'src/app.test.ts',
      'src/db/database.test.ts',
      'src/db/read-replica.test.ts',
      'src/demo/registry-loader.test.ts',
      'src/demo/demo-passwords.test.ts',
      'src/registry-sync/registry-sync.test.ts',
      'src/jobs/job-queue.test.ts',
      'src/tracing/tracing.test.ts',
      'src/tracing/job-tracing.test.ts',
      'src/sign-in/oidc-adapter.test.ts',
      'src/sign-in/sign-in-flow.test.ts',
      'src/account-lookup/account-lookup.test.ts',
    ],
  },
});
