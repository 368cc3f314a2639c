import path from 'node:path';
import { WEB_ROUTES } from '@portal/contracts/web-routes';
import type { GenerateSWOptions } from 'workbox-build';
import { navigationAllowlist } from '../app/service-worker/navigation-allowlist';

/**
 * Workbox's options for the portal's service worker, built over a client build folder. The
 * returning-visitor journey builds the released worker from these too, to show that a browser
 * holding it signs in once this one is deployed.
 */
export function serviceWorkerOptions(clientDir: string): GenerateSWOptions {
  return {
    globDirectory: clientDir,
    globPatterns: ['**/*.{html,js,css,svg,webp,avif,png,pdf,json,webmanifest}'],
    globIgnores: ['sw.js', '**/*.gz', '**/*.br'],
    swDest: path.join(clientDir, 'sw.js'),
    mode: 'production',
    inlineWorkboxRuntime: true,
    sourcemap: false,
    // Updates wait for the visitor's "Muat Ulang" (SPEC §4) instead of taking over mid-visit.
    skipWaiting: false,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // Hashed file names already change with their content.
    dontCacheBustURLsMatching: /^assets\//,
    // The server answers `/faq` with `faq/index.html`; the precache must know the same URL.
    manifestTransforms: [
      (entries) => ({
        manifest: entries.map((entry) =>
          entry.url.endsWith('/index.html')
            ? { ...entry, url: entry.url.slice(0, -'/index.html'.length) }
            : entry,
        ),
        warnings: [],
      }),
    ],
    navigateFallback: '/__spa-fallback.html',
    // Only the app's own routes: a deny-list once missed `/oidc/` and sent every returning
    // visitor's sign-in to the app's 404 page.
    navigateFallbackAllowlist: navigationAllowlist(WEB_ROUTES),
  };
}
