import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WEB_ROUTES } from '@portal/contracts/web-routes';
import {
  HOME_JS_BUDGET_KB,
  ROUTE_JS_BUDGETS_KB,
  SIGN_IN_SCRIPT_BUDGET_KB,
  measureSignInScript,
  measureInitialJs,
  measureRouteJs,
  toKb,
} from '../scripts/page-weight';

// global-setup builds the web app when its sources are newer than the build.
const clientDir = fileURLToPath(new URL('../build/client', import.meta.url));
const scripts = () =>
  readdirSync(path.join(clientDir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(path.join(clientDir, 'assets', name), 'utf8'));

describe('the built web app', () => {
  it(`loads at most ${HOME_JS_BUDGET_KB} kB of JavaScript (gzip) on the home page`, () => {
    const weight = measureInitialJs(clientDir, path.join(clientDir, 'index.html'));
    const listing = weight.files.map((file) => `${toKb(file.gzip).toFixed(1)} kB ${file.url}`);
    expect(toKb(weight.gzip), listing.join('\n')).toBeLessThanOrEqual(HOME_JS_BUDGET_KB);
  });

  it.each(WEB_ROUTES.map((route) => route.path))(
    'loads no more first-load JavaScript on %s than its budget',
    (routePath) => {
      const budget = ROUTE_JS_BUDGETS_KB[routePath];
      expect(budget, `no budget for ${routePath} in page-weight.ts`).toBeDefined();
      const weight = measureRouteJs(clientDir, routePath);
      const listing = weight.files.map((file) => `${toKb(file.gzip).toFixed(1)} kB ${file.url}`);
      expect(toKb(weight.gzip), listing.join('\n')).toBeLessThanOrEqual(budget ?? 0);
    },
  );

  it(`enhances the server-rendered sign-in steps with at most ${SIGN_IN_SCRIPT_BUDGET_KB} kB of script`, () => {
    const weight = measureSignInScript(clientDir);
    const listing = weight.files.map((file) => `${(file.gzip / 1024).toFixed(1)} kB ${file.url}`);
    expect(weight.files.length, listing.join('\n')).toBeGreaterThan(0);
    expect(weight.gzip / 1024, listing.join('\n')).toBeLessThanOrEqual(SIGN_IN_SCRIPT_BUDGET_KB);
  });

  it('loads the office form, the lookup and the statistics after the first script', () => {
    // Their parts (load-part.ts) are prerendered in place but are not module preloads: a
    // Lighthouse run counts every preloaded script as blocking the first paint (bench/README.md).
    for (const [page, part] of [
      ['account/dinas', 'office-request-form'],
      ['account/lookup/v2', 'lookup-area'],
      ['statistik', 'funnels'],
    ] as const) {
      const html = readFileSync(path.join(clientDir, page, 'index.html'), 'utf8');
      expect(html, page).toContain('<form');
      expect(html, page).not.toMatch(new RegExp(`modulepreload" href="/assets/${part}-`));
    }
  });

  it('prerenders the reset pages and the deletion report with their titles, forms after', () => {
    // Their forms read this browser's state (the tab's reset, the link's fragment), so the
    // prerendered HTML holds the title and the room of the part that follows, so nothing moves when it arrives.
    for (const [page, part] of [
      ['reset-password/otp', 'reset-code-form'],
      ['reset-password/new-password', 'new-password-form'],
      ['account/deletion-report', 'deletion-report-form'],
    ] as const) {
      const html = readFileSync(path.join(clientDir, page, 'index.html'), 'utf8');
      expect(html, page).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      expect(html, page).not.toMatch(new RegExp(`modulepreload" href="/assets/${part}-`));
    }
  });

  it('renders with React DOM and carries no Preact', () => {
    const bundle = scripts().join('\n');
    // React DOM marks each element it renders with a property of this prefix.
    expect(bundle).toContain('__reactFiber$');
    // Preact names its contexts with this prefix; preact/compat carries its own name.
    expect(bundle).not.toContain('__cC');
    expect(bundle).not.toMatch(/preact/i);
  });
});
