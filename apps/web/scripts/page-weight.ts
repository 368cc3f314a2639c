/**
 * The JavaScript a prerendered page loads before it is interactive: its scripts and module
 * preloads, gzip-compressed. The budget (issue 16, DESIGN.md) is held by a test in the browser
 * suite and printed by `npm run bench:web`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const HOME_JS_BUDGET_KB = 150;

export type PageWeight = {
  files: { url: string; raw: number; gzip: number }[];
  /** Total gzip bytes. */
  gzip: number;
};

/** Sums the page's first-load JavaScript from its HTML in the built `clientDir`. */
export function measureInitialJs(clientDir: string, htmlFile: string): PageWeight {
  const html = readFileSync(htmlFile, 'utf8');
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)) urls.add(match[1] ?? '');
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    urls.add(match[1] ?? '');
  for (const match of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g))
    urls.add(match[1] ?? '');
  const files = [...urls].map((url) => {
    const content = readFileSync(path.join(clientDir, url));
    return { url, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  files.sort((a, b) => b.gzip - a.gzip);
  return { files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}
