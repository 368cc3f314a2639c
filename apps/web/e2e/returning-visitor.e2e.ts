import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { generateSW } from 'workbox-build';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceWorkerOptions } from '../scripts/service-worker-options';
import { deployServiceWorker, hasBrowser, launchBrowser, newContext, webRoot } from './browser';
import { demoIdentities } from './dev-pages';

// The demo accounts' password, printed by `npm start` (apps/api/src/demo/demo-passwords.ts).
const DEMO_PASSWORD = 'Coba-Portal-2026';
/** How long one step may take on a busy machine: a worker installs 2 MB of precache. */
const STEP_TIMEOUT_MS = 40_000;

/**
 * The navigation rule of the worker released before the allow-list: a deny-list that missed
 * `/oidc/` and the server's `/auth/login`, so it answered the sign-in with the app's 404 page.
 */
const RELEASED_DENYLIST = [/^\/[a-z0-9-]+-id\//, /^\/docs/, /^\/healthz/, /^\/readyz/];

describe.skipIf(!hasBrowser)('a returning visitor whose browser holds the released worker', () => {
  let browser: Browser;
  let fixedWorker: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    fixedWorker = readFileSync(path.join(webRoot, 'sw.js'), 'utf8');
  });
  afterAll(async () => {
    if (fixedWorker) deployServiceWorker(fixedWorker);
    await browser?.close();
  });

  it('signs in after the fix is deployed, without clearing the site data', async () => {
    // The released worker, built from this build with the released navigation rule.
    const released = path.join(path.dirname(webRoot), 'released-sw.js');
    const options = serviceWorkerOptions(webRoot);
    await generateSW({
      ...options,
      swDest: released,
      navigateFallbackAllowlist: undefined,
      navigateFallbackDenylist: RELEASED_DENYLIST,
    });
    deployServiceWorker(readFileSync(released, 'utf8'));

    const { dinas: person } = await demoIdentities();
    // The earlier visit happens here, under the released worker.
    const context = await newContext(browser, { serviceWorkers: 'first-visit' });
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // What every returning visitor met: the profile's sign-in ends on the app's 404 page.
    await page.goto('/profile');
    await page.waitForURL(/\/auth\/login\?/);
    await page.getByRole('heading', { name: /Halaman tidak ditemukan/ }).waitFor();

    // The fix ships. The next navigation finds the new worker, which asks for the reload
    // (SPEC §4) on whatever page the visitor is, the 404 included.
    deployServiceWorker(fixedWorker);
    await page.goto('/profile');
    await page.waitForURL(/\/auth\/login\?/);
    await Promise.all([
      page.waitForURL(/\/oidc\/interaction\/[\w-]+$/),
      page.getByRole('button', { name: 'Muat Ulang' }).click(),
    ]);

    await page.getByLabel('Alamat Akun belajar.id').fill(person.accountEmail);
    await page.getByLabel('Kata sandi', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByText(person.fullName).waitFor();

    // From now on the new worker leaves the provider to the network on every visit.
    await page.goto('/auth/login?returnTo=%2Fprofile');
    await page.waitForURL(/\/profile$/);
    await page.getByText(person.fullName).waitFor();
    expect(
      await page.evaluate(async () => {
        const script = await (await fetch('/sw.js', { cache: 'no-store' })).text();
        return { controlled: navigator.serviceWorker.controller?.state, script };
      }),
    ).toEqual({ controlled: 'activated', script: fixedWorker });
    await context.close();
  }, 150_000);
});
