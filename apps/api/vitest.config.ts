import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Each file opens its own database (PGlite in memory, or a fresh PostgreSQL database).
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
