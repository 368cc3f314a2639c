import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  /** Off by default so each navigation reaches the server; the offline journey turns it on. */
  serviceWorkers?: 'allow' | 'block';
  /** The visitor's time zone, e.g. `Asia/Makassar`; the machine's when absent. */
  timezoneId?: string;
  /** The site's address; the global setup's server when absent (the cluster journeys: nginx). */
  origin?: string;
};

/** A fresh context (empty storage); `language` is stored before any page script runs. */
export async function newContext(browser: Browser, options: ContextOptions = {}) {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    baseURL: options.origin ?? baseUrl,
    acceptDownloads: true,
    serviceWorkers: options.serviceWorkers ?? 'block',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  if (options.language) {
    await context.addInitScript((language) => {
      window.localStorage.setItem('portal.language', language);
    }, options.language);
  }
  return context;
}

/** Paths that, for a visitor who is not signed in, end on the provider's sign-in page. */
export const LEADS_TO_SIGN_IN = new Set([
  '/auth/login',
  '/profile',
  '/eligible/peserta-didik',
  '/admin',
  '/konsol',
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
