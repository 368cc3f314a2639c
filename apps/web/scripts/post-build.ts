/**
 * Runs after `react-router build` on build/client:
 * 1. moves inline scripts of the prerendered HTML into hashed files, because the API's CSP
 *    allows `script-src 'self'` only (DESIGN.md: CSP without inline script);
 * 2. generates the service worker with Workbox: vite-plugin-pwa would leave the prerendered
 *    HTML out of the precache, because it runs before React Router prerenders;
 * 3. inlines the stylesheet into the prerendered pages;
 * 4. writes gzip and brotli twins of text files, which the server sends as they are
 *    (pre-compressed), so visitors on slow mobile networks download a third of the bytes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { generateSW } from 'workbox-build';
import { serviceWorkerOptions } from './service-worker-options';

const clientDir = fileURLToPath(new URL('../build/client', import.meta.url));

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

const INLINE_SCRIPT = /<script((?:\s+[a-z-]+(?:="[^"]*")?)*)>([\s\S]*?)<\/script>/g;

function writeScript(content: string): string {
  const name = `inline-${createHash('sha256').update(content).digest('hex').slice(0, 16)}.js`;
  const file = path.join(clientDir, 'assets', name);
  if (!existsSync(file)) writeFileSync(file, content);
  return `/assets/${name}`;
}

/**
 * An external async module could run before the external classic scripts after it (React's
 * stream completions), which inline it never did; deferred, it runs after all of them.
 */
const deferModule = (attributes: string) =>
  /type="module"/.test(attributes) ? attributes.replace(/\sasync(="[^"]*")?/, '') : attributes;

/**
 * Replaces every inline script by an external one, one file per script: React hydrates these
 * elements, so their number and order must stay as rendered.
 */
export function externaliseInlineScripts(html: string): string {
  return html.replace(INLINE_SCRIPT, (whole, attributes: string, content: string) =>
    /\ssrc=/.test(attributes) || content.trim() === ''
      ? whole
      : `<script${deferModule(attributes)} src="${writeScript(content)}"></script>`,
  );
}

function compressTextFiles() {
  for (const file of listFiles(clientDir)) {
    if (!/\.(html|js|css|svg|json|webmanifest|txt)$/.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

/** Precaches the app shell and every prerendered page, so the portal opens offline. */
async function generateServiceWorker() {
  const { count, size, warnings } = await generateSW(serviceWorkerOptions(clientDir));
  for (const warning of warnings) console.warn(`service worker: ${warning}`);
  console.log(`service worker: ${count} files precached, ${(size / 1024).toFixed(0)} kB`);
}

const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;

/**
 * Puts the stylesheet in the page, so the first paint on a slow network waits for no second
 * request (about 0.4 s of FCP on Lighthouse's Slow 4G, bench/README.md). React 19 hydration
 * passes over a `<style>` it did not render in the head. The link stays for the router, as a
 * print stylesheet that blocks nothing.
 */
export function inlineStylesheets(html: string): string {
  return html.replace(STYLESHEET, (_whole, href: string) => {
    const css = readFileSync(path.join(clientDir, href), 'utf8').replaceAll('</style', '<\\/style');
    return `<style>${css}</style><link rel="stylesheet" href="${href}" media="print"/>`;
  });
}

export async function postBuild() {
  for (const file of listFiles(clientDir).filter((name) => name.endsWith('.html'))) {
    if (file.endsWith('webinar-sessions.html')) continue;
    writeFileSync(file, inlineStylesheets(externaliseInlineScripts(readFileSync(file, 'utf8'))));
  }
  await generateServiceWorker();
  compressTextFiles();
}

await postBuild();
