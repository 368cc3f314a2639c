import AxeBuilder from '@axe-core/playwright';
import { WEB_ROUTES } from '@portal/contracts/web-routes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, hasBrowser, launchBrowser, newContext, open } from './browser';

const PATHS = [...WEB_ROUTES.map((route) => route.path), '/tidak-ada'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

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
          const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
          for (const violation of result.violations) {
            failures.push(
              `${path}: ${violation.id} (${violation.impact}) ${violation.nodes
                .slice(0, 3)
                .map((node) => node.target.join(' '))
                .join(' | ')}`,
            );
          }
          await page.close();
        }
        await context.close();
        expect(failures).toEqual([]);
      }, 240_000);
    }
  }
});
