import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Both cores, one file each (Vitest would pick one on a two-core machine).
    maxWorkers: 2,
    reporters: ['default', '../../scripts/slowest-files-reporter.ts'],
  },
});
