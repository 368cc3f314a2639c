import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { WEB_ROUTES } from '@portal/contracts/web-routes';
import { inject } from 'vitest';

export const baseUrl = inject('baseUrl');
export const chromiumPath = inject('chromiumPath');
export const webRoot = inject('webRoot');
export const hasBrowser = chromiumPath !== null;

export const MOBILE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath ?? undefined,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

type ContextOptions = {
  viewport?: { width: number; height: number };
  language?: 'id' | 'en';
  /**
   * `returning` (the default): the browser people have, a returning visitor whose service
   * worker is installed and controls the site before the journey starts. `first-visit`: allowed
   * but not yet installed. `block`: only with a comment that says why the journey needs it.
   */
  serviceWorkers?: 'returning' | 'first-visit' | 'block';
  /** The visitor's time zone, e.g. `Asia/Makassar`; the machine's when absent. */
  timezoneId?: string;
  /** The site's address; the global setup's server when absent (the cluster journeys: nginx). */
  origin?: string;
};

/**
 * A context as a visitor's browser: by default a returning visitor, whose earlier visit left
 * the service worker in control; `language` is stored before any page script runs.
 */
export async function newContext(browser: Browser, options: ContextOptions = {}) {
  const serviceWorkers = options.serviceWorkers ?? 'returning';
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    baseURL: options.origin ?? baseUrl,
    acceptDownloads: true,
    serviceWorkers: serviceWorkers === 'block' ? 'block' : 'allow',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  if (options.language) {
    await context.addInitScript((language) => {
      window.localStorage.setItem('portal.language', language);
    }, options.language);
  }
  if (serviceWorkers === 'returning') await visitEarlier(context);
  return context;
}

/**
 * The earlier visit: the home page until its service worker is installed and in control, then
 * a clean slate for the journey but for what a browser keeps between visits (the worker and
 * its caches). The journey's own pages are then answered by that worker, as a person's are.
 */
async function visitEarlier(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  await page.close();
  await context.clearCookies();
}

/** Paths that, for a visitor who is not signed in, end on the provider's sign-in page. */
export const LEADS_TO_SIGN_IN = new Set([
  '/auth/login',
  ...WEB_ROUTES.filter((route) => route.requiresSignIn).map((route) => route.path),
]);

/** Waits until a path that moves on by itself (to sign-in, or home after sign-out) has. */
export async function waitForLanding(page: Page, pathname: string): Promise<void> {
  if (LEADS_TO_SIGN_IN.has(pathname)) await page.waitForURL(/\/auth\/sign-in\/[\w-]+$/);
  if (pathname === '/auth/logout/callback') await page.waitForURL((url) => url.pathname === '/');
}

/** Waits until the page says it works offline and its service worker controls it. */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page
    .getByText('Anda bisa mengakses tampilan ini tanpa koneksi internet (secara offline)')
    .waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Opens a path and waits until React has hydrated it, or the page it moves on to. */
export async function open(context: BrowserContext, pathname: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(pathname);
  await waitForLanding(page, pathname);
  await page.waitForSelector('html[data-hydrated="true"]');
  return page;
}

/** A deploy of a service worker: its script and the pre-compressed twins the server sends. */
export function deployServiceWorker(script: string): void {
  const worker = path.join(webRoot, 'sw.js');
  writeFileSync(worker, script);
  writeFileSync(`${worker}.gz`, gzipSync(script));
  writeFileSync(`${worker}.br`, brotliCompressSync(script));
}
