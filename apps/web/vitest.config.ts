import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './vite.config';

// The reactRouter() plugin cannot run inside vitest, so unit tests get the plain JSX transform,
// rendering with Preact as the build does (docs/decisions/0211-preact-renderer.md).
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '~', replacement: fileURLToPath(new URL('./app', import.meta.url)) },
      ...preactAliases,
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
    ],
    // The ES module builds, as the browser bundle takes them: a CommonJS build would `require`
    // the real react and react-dom past the aliases.
    mainFields: ['module', 'main'],
  },
  test: {
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}'],
    setupFiles: ['app/test-setup.ts'],
    // Libraries that import react are bundled by vitest, so that the aliases reach them.
    server: { deps: { inline: true } },
  },
});
