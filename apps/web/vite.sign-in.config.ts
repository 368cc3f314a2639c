import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const appDir = fileURLToPath(new URL('./app', import.meta.url));

/**
 * The web's sign-in server build (decision 0286): the provider's steps rendered by the API with
 * the web's own components, catalogues and stylesheet. Its dependencies (React, i18next) stay
 * outside the bundle and are found in the workspace's node_modules.
 */
export default defineConfig({
  plugins: [tailwindcss()],
  resolve: { alias: [{ find: '~', replacement: appDir }] },
  build: {
    ssr: 'app/features/sign-in/server/render-sign-in-page.tsx',
    outDir: 'build/sign-in',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: 'render-sign-in-page.js' } },
  },
});
