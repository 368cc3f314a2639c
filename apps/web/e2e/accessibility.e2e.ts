import { WEB_ROUTES } from '@portal/contracts/web-routes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  hasBrowser,
  horizontalOverflow,
  launchBrowser,
  newContext,
  open,
} from './browser';
import { axeViolations } from './axe';

// The console's section pages, like /konsol, end on the sign-in page for a visitor: /konsol
// stands for them here, and staff-admin.e2e.ts scans each signed in.
const PATHS = [
  ...WEB_ROUTES.map((route) => route.path).filter(
    (path) => !path.startsWith('/konsol/') || path === '/konsol/undangan',
  ),
  '/tidak-ada',
];

// Every route is scanned by axe at both widths, each in one language: the small screen in
// Indonesian, as most visitors meet it, the wide one in English. The two other pairs get the
// checks that differ between them: the page's language and that nothing overflows the window.
const PASSES = [
  { width: '360', viewport: MOBILE, language: 'id', axe: true },
  { width: '1280', viewport: DESKTOP, language: 'en', axe: true },
  { width: '360', viewport: MOBILE, language: 'en', axe: false },
  { width: '1280', viewport: DESKTOP, language: 'id', axe: false },
] as const;

describe.skipIf(!hasBrowser)('accessibility (axe, WCAG 2.2 AA)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { width, viewport, language, axe } of PASSES) {
    const what = axe ? 'finds no violation' : 'is in the language chosen and fits the window';
    it(`${what} on any route at ${width} px in ${language}`, async () => {
      const context = await newContext(browser, { viewport, language });
      const failures: string[] = [];
      for (const path of PATHS) {
        // A page whose hydration disagrees with its prerendered HTML logs React's error #418.
        const hydrationErrors: string[] = [];
        const note = (text: string) => {
          if (/#418|#423|hydrat/i.test(text)) hydrationErrors.push(text.slice(0, 120));
        };
        context.once('page', (page) => {
          page.on('console', (message) => {
            if (message.type() === 'error') note(message.text());
          });
          page.on('pageerror', (error) => note(error.message));
        });
        const page = await open(context, path);
        await page.waitForSelector(`html[lang="${language}"]`);
        if (axe) failures.push(...(await axeViolations(page, path)));
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) failures.push(`${path}: ${overflow} px wider than the window`);
        failures.push(...hydrationErrors.map((error) => `${path}: ${error}`));
        await page.close();
      }
      await context.close();
      expect(failures).toEqual([]);
    }, 480_000);
  }
});
