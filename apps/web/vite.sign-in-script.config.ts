import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { pureZodSchemas } from './vite.config';

const appDir = fileURLToPath(new URL('./app', import.meta.url));

/**
 * The sign-in steps' enhancement script (decision 0286): focus, the bot check, the passkey.
 * Built beside the app's client files; the API finds it by its name and links it from each page.
 */
export default defineConfig({
  plugins: [pureZodSchemas()],
  resolve: { alias: [{ find: '~', replacement: appDir }] },
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    copyPublicDir: false,
    rolldownOptions: {
      input: { 'sign-in-enhance': 'app/features/sign-in/server/sign-in-enhance.ts' },
      treeshake: { annotations: true },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/sign-in-[name]-[hash].js',
      },
    },
  },
});
