import { defineConfig } from 'vitest/config';

// The fault suite (`npm run test:faults`, issue 24): minutes of outages, so not in `npm test`.
export default defineConfig({
  test: {
    include: ['faults/**/*.faults.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
  },
});
