import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { LANGUAGE_COOKIE } from '@portal/contracts/sign-in-pages';
import { WEB_ROUTES } from '@portal/contracts/web-routes';
import { inject } from 'vitest';

/**
 * The server of this file's worker: files that run at once each have their own (global
 * setup), and a worker runs its files one after another.
 */
const journeyServer = inject('journeyServers').at(Number(process.env.VITEST_POOL_ID ?? 1) - 1);
export const baseUrl = journeyServer?.baseUrl ?? '';
export const webRoot = journeyServer?.webRoot ?? '';
export const registryInboxDir = journeyServer?.registryInboxDir ?? '';
export const chromiumPath = inject('chromiumPath');
const scratchDir = inject('scratchDir');
export const hasBrowser = chromiumPath !== null;

export const MOBILE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** Debian's Chromium; `extraArgs` for what one journey needs of it (a fake camera). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath ?? undefined,
    args: [...LAUNCH_ARGS, ...extraArgs],
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

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A context as a visitor's browser: by default a returning visitor, whose earlier visit left
 * the service worker in control; `language` is stored before any page script runs.
 */
export async function newContext(browser: Browser, options: ContextOptions = {}) {
  const serviceWorkers = options.serviceWorkers ?? 'returning';
  const origin = options.origin ?? baseUrl;
  const contextOptions = {
    viewport: options.viewport ?? DESKTOP,
    baseURL: origin,
    acceptDownloads: true,
    serviceWorkers: serviceWorkers === 'block' ? ('block' as const) : ('allow' as const),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  };
  const context =
    serviceWorkers === 'returning'
      ? await returningVisitor(origin, contextOptions)
      : await browser.newContext(contextOptions);
  if (options.language) {
    await context.addInitScript((language) => {
      window.localStorage.setItem('portal.language', language);
    }, options.language);
    // The language switch keeps the choice for the server's pages too (the provider's steps).
    await context.addCookies([
      { name: LANGUAGE_COOKIE, value: options.language, url: origin, sameSite: 'Lax' },
    ]);
  }
  return context;
}

/** The browser profile of each origin's earlier visit, made once per journey file. */
const earlierVisits = new Map<string, Promise<string>>();

/**
 * A returning visitor: a browser whose profile is a copy of one earlier visit's, in which the
 * home page's service worker was installed and took control. The worker (and its caches) then
 * answers the journey's own pages from the first one, as it does for a person; installing it
 * once per file instead of once per context is what the copy saves.
 */
async function returningVisitor(
  origin: string,
  options: BrowserContextOptions,
): Promise<BrowserContext> {
  let profile = earlierVisits.get(origin);
  if (!profile) {
    profile = visitEarlier(origin);
    earlierVisits.set(origin, profile);
  }
  const copy = mkdtempSync(path.join(scratchDir, 'visitor-'));
  cpSync(await profile, copy, { recursive: true });
  const context = await chromium.launchPersistentContext(copy, {
    ...options,
    executablePath: chromiumPath ?? undefined,
    args: LAUNCH_ARGS,
  });
  // Chromium may still be writing as it closes: retried, and never thrown from the event.
  context.on('close', () => {
    try {
      rmSync(copy, { recursive: true, force: true, maxRetries: 5 });
    } catch {
      // A temporary folder left behind is the operating system's to clear.
    }
  });
  return context;
}

/**
 * The earlier visit: the home page until its service worker is installed and in control, then
 * a clean slate but for what a browser keeps between visits (the worker and its caches).
 */
async function visitEarlier(origin: string): Promise<string> {
  const profile = mkdtempSync(path.join(scratchDir, 'earlier-visit-'));
  const context = await chromium.launchPersistentContext(profile, {
    baseURL: origin,
    executablePath: chromiumPath ?? undefined,
    args: LAUNCH_ARGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  await context.clearCookies();
  await context.close();
  return profile;
}

/** Paths that, for a visitor who is not signed in, end on the provider's sign-in page. */
export const LEADS_TO_SIGN_IN = new Set([
  '/auth/login',
  ...WEB_ROUTES.filter((route) => route.requiresSignIn).map((route) => route.path),
]);

/** Waits until a path that moves on by itself (to sign-in, or home after sign-out) has. */
export async function waitForLanding(page: Page, pathname: string): Promise<void> {
  if (LEADS_TO_SIGN_IN.has(pathname)) await page.waitForURL(/\/oidc\/interaction\/[\w-]+$/);
  if (pathname === '/auth/logout/callback') await page.waitForURL((url) => url.pathname === '/');
}

/** Waits until the page says it works offline and its service worker controls it. */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page
    .getByText('Anda bisa mengakses tampilan ini tanpa koneksi internet (secara offline)')
    .waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** How far the page is wider than the window, in CSS pixels: 0 or less when it fits. */
export const horizontalOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Opens a path and waits until React has hydrated it, or the page it moves on to. */
export async function open(context: BrowserContext, pathname: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(pathname);
  await waitForLanding(page, pathname);
  // The provider's sign-in page is the server's document, complete as it loads: nothing hydrates.
  if (!LEADS_TO_SIGN_IN.has(pathname)) await page.waitForSelector('html[data-hydrated="true"]');
  return page;
}

/** A deploy of a service worker: its script and the pre-compressed twins the server sends. */
export function deployServiceWorker(script: string): void {
  const worker = path.join(webRoot, 'sw.js');
  writeFileSync(worker, script);
  writeFileSync(`${worker}.gz`, gzipSync(script));
  writeFileSync(`${worker}.br`, brotliCompressSync(script));
}
