import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The reactRouter() plugin cannot run inside vitest, so unit tests get the plain JSX transform.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: '~', replacement: fileURLToPath(new URL('./app', import.meta.url)) }],
  },
  test: {
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}'],
    setupFiles: ['app/test-support/testing-library-setup.ts'],
    // Both cores, one file each (Vitest would pick one on a two-core machine).
    maxWorkers: 2,
    // A whole page rendered in jsdom takes seconds on shared cores; Vitest's 5 s is for units.
    testTimeout: 30_000,
    reporters: ['default', '../../scripts/slowest-files-reporter.ts'],
  },
});
