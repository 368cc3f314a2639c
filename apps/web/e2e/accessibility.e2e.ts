import { WEB_ROUTES } from '@portal/contracts/web-routes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, hasBrowser, launchBrowser, newContext, open } from './browser';
import { axeViolations } from './axe';

// The console's section pages, like /konsol, end on the sign-in page for a visitor: /konsol
// stands for them here, and staff-admin.e2e.ts scans each signed in.
const PATHS = [
  ...WEB_ROUTES.map((route) => route.path).filter(
    (path) => !path.startsWith('/konsol/') || path === '/konsol/undangan',
  ),
  '/tidak-ada',
];

describe.skipIf(!hasBrowser)('accessibility (axe, WCAG 2.2 AA)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const language of ['id', 'en'] as const) {
    for (const [label, viewport] of [
      ['360', MOBILE],
      ['1280', DESKTOP],
    ] as const) {
      it(`finds no violation on any route at ${label} px in ${language}`, async () => {
        const context = await newContext(browser, { viewport, language });
        const failures: string[] = [];
        for (const path of PATHS) {
          const page = await open(context, path);
          await page.waitForSelector(`html[lang="${language}"]`);
          failures.push(...(await axeViolations(page, path)));
          await page.close();
        }
        await context.close();
        expect(failures).toEqual([]);
      }, 240_000);
    }
  }
});
