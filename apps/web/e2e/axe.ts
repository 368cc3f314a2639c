import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const STILL_FRAMES = 5;
const SETTLE_LIMIT_MS = 3000;

/**
 * Resolves once the page has stopped scrolling. The site scrolls smoothly (unless the visitor
 * asks for reduced motion), so right after a focus move the sticky navbar can still cover what
 * is scrolling into view; axe's target-size rule would then judge a half-scrolled page.
 */
export function settleScroll(page: Page) {
  return page.evaluate(
    ([stillFrames, limitMs]) =>
      new Promise<void>((resolve) => {
        const started = performance.now();
        let last = window.scrollY;
        let still = 0;
        const tick = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= stillFrames || performance.now() - started > limitMs) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    [STILL_FRAMES, SETTLE_LIMIT_MS] as const,
  );
}

/** The WCAG 2.2 AA violations axe finds on the page as it stands, one line each. */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  await settleScroll(page);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map(
    (violation) =>
      `${where}: ${violation.id} (${violation.impact}) ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`)
        .join(' | ')}`,
  );
}

/**
 * Fails the test with every WCAG 2.2 AA violation axe finds on the page; `fromTop` scans it
 * scrolled back to the top, where a visitor lands.
 */
export async function expectNoAxeViolations(
  page: Page,
  where: string,
  { fromTop = false }: { fromTop?: boolean } = {},
): Promise<void> {
  if (fromTop) await page.evaluate(() => window.scrollTo(0, 0));
  expect(await axeViolations(page, where)).toEqual([]);
}
