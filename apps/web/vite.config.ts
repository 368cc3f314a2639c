import { fileURLToPath } from 'node:url';
import { BrandSchema, DEFAULT_BRAND } from '@portal/contracts/brand';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, loadEnv } from 'vite';
import type { Plugin } from 'vite';

const appDir = fileURLToPath(new URL('./app', import.meta.url));

/**
 * Contract modules build zod schemas at top level; when the web only needs their constants,
 * marking the schema calls pure lets the bundler drop the schemas and zod with them (the home
 * page's figure is in docs/decisions/0216-react-dom-renderer.md). Only in the contracts: a global
 * `treeshake.manualPureFunctions: ['z']` would match any minified function called `z`.
 */
export function pureZodSchemas(): Plugin {
  const contracts = /[\\/]packages[\\/]contracts[\\/]src[\\/]/;
  return {
    name: 'portal:pure-zod-schemas',
    transform(code, id) {
      if (!contracts.test(id)) return null;
      return { code: code.replace(/(?<![\w.$])z\./g, '/* @__PURE__ */ z.'), map: null };
    },
  };
}

/** Fails the build with a clear message when a VITE_ brand or policy variable is invalid. */
function validateBrandEnv(mode: string) {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const result = BrandSchema.safeParse({
    productName: env.VITE_PRODUCT_NAME || DEFAULT_BRAND.productName,
    ministryName: env.VITE_MINISTRY_NAME || DEFAULT_BRAND.ministryName,
    helpCentreUrl: env.VITE_HELP_CENTRE_URL || DEFAULT_BRAND.helpCentreUrl,
    adminPortalUrl: env.VITE_ADMIN_PORTAL_URL || DEFAULT_BRAND.adminPortalUrl,
    chromebookHelpUrl: env.VITE_CHROMEBOOK_HELP_URL || DEFAULT_BRAND.chromebookHelpUrl,
  });
  if (!result.success) {
    throw new Error(`Invalid VITE_ brand configuration: ${result.error.message}`);
  }
  // A policy cannot be published as in force from a day still to come.
  const privacyDate = env.VITE_PRIVACY_EFFECTIVE_DATE;
  const today = new Date().toISOString().slice(0, 10);
  if (privacyDate && (!/^\d{4}-\d{2}-\d{2}$/.test(privacyDate) || privacyDate > today)) {
    throw new Error(
      `Invalid VITE_PRIVACY_EFFECTIVE_DATE: ${privacyDate} (a YYYY-MM-DD day, not after ${today})`,
    );
  }
}

export default defineConfig(({ mode }) => {
  validateBrandEnv(mode);
  return {
    plugins: [tailwindcss(), reactRouter(), pureZodSchemas()],
    resolve: { alias: [{ find: '~', replacement: appDir }] },
    build: {
      // `SOURCEMAP=1` for profiling a build (bench/README.md); the shipped build has none.
      sourcemap: process.env.SOURCEMAP === '1',
      rolldownOptions: {
        // Honours the pure marks that pureZodSchemas() puts on the contracts' schema calls.
        treeshake: { annotations: true },
        output: {
          // Few larger chunks instead of dozens of tiny ones: on a slow mobile network each
          // extra request costs a round trip more than its bytes.
          codeSplitting: {
            groups: [
              {
                name: 'framework',
                // Not react-i18next's <Trans> (and the HTML parser it brings): only a signed-in
                // page uses it, so it comes with that page, not with every first load.
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next(?![\\/]dist[\\/]es[\\/](Trans|TransWithoutContext|IcuTrans|IcuTransWithoutContext)\.js)|cookie|set-cookie-parser|use-sync-external-store)[\\/]/,
                priority: 20,
              },
              {
                // Only the contracts the shell itself uses: a journey's contracts (with their zod
                // schemas, and zod) would otherwise land in this chunk, which every page loads.
                name: 'shell',
                test: /[\\/]app[\\/](config|i18n[\\/]i18n|toggles|tracking|user-type|service-worker|hydration[\\/]early-input|components[\\/](dialog-store|page-title|toast|language-switch|use-prefers)|layouts[\\/](skip-link|school-admin-trigger|nav-item-styles|dialog-host|navbar|footer))|[\\/]packages[\\/]contracts[\\/]src[\\/](brand|business-constants|feature-toggles|tracking-client|web-routes)\.ts|node_modules[\\/]clsx[\\/]|[\\/]locales[\\/]id[\\/](common|home|legacy-home|pages)\.json/,
                priority: 10,
              },
            ],
          },
        },
      },
    },
  };
});
