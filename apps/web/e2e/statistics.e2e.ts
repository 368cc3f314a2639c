import { STATISTICS_PATHS } from '@portal/contracts/statistics';
import { TRACKER_NAME, TRACKING_PATH } from '@portal/contracts/tracking-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../app/locales/en/common.json';
import commonId from '../app/locales/id/common.json';
import consoleEn from '../app/locales/en/console.json';
import publicEn from '../app/locales/en/public-statistics.json';
import publicId from '../app/locales/id/public-statistics.json';
import { DESKTOP, MOBILE, baseUrl, hasBrowser, launchBrowser, newContext, open } from './browser';
import { demoSignInAccounts } from './dev-pages';
import { expectNoAxeViolations } from './axe';
import { chooseNewPassword, enrolAuthenticator, signInWithPassword } from './sign-in-steps';

// The console's statistics from events recorded through the public API: the server's job runs
// every few seconds here (global-setup.ts), and counts a row once it is a minute old.
const FIGURES_TIMEOUT_MS = 180_000;
const DOWNLOADS = 3;

/** Events as the web's tracking client sends them (SPEC §7), through the public endpoint. */
async function recordEvents(eventName: string, count: number, at: Date) {
  const event = {
    device_id: 'e2e-statistics-device',
    session_id: 'e2e-statistics-session',
    page_url: `${baseUrl}/resources`,
    referrer: '',
    device_type: 'desktop',
    os: 'Linux',
    browser: 'Chromium',
    timestamp: at.toISOString(),
    event_name: eventName,
    attributes: [{ key: 'file', value: 'panduan.pdf' }],
  };
  const response = await fetch(`${baseUrl}/belajar-id${TRACKING_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from('portal-web:dev-only-event-tracker-secret').toString('base64')}`,
    },
    body: JSON.stringify({
      event_name: TRACKER_NAME,
      data: JSON.stringify(Array.from({ length: count }, () => event)),
    }),
  });
  expect(response.status).toBe(202);
}

/**
 * A day's row of a chart's table, in the column headed `column`; 0 when there is no such row or
 * column. By its date, not as the last row: a journey running at midnight in Jakarta would
 * otherwise read the new day's row for events counted in the old one.
 */
const dayCount = (page: Page, table: string, column: string, day: string) =>
  page.getByTestId(table).evaluate(
    (element, { name, isoDay }) => {
      const headings = [...element.querySelectorAll('thead th')].map((th) =>
        th.textContent?.trim(),
      );
      const at = headings.indexOf(name);
      const row = element.querySelector(`tbody tr:has(time[datetime="${isoDay}"])`);
      const cell = row?.children[at];
      return at < 0 || !cell ? 0 : Number((cell.textContent ?? '').replace(/\D/g, ''));
    },
    { name: column, isoDay: day },
  );

/**
 * Whether every chart is drawn: its drawing holds a mark (a bar or a line) for its figures, and
 * it has a size on the page.
 */
const chartsDrawn = (page: Page) =>
  page.getByTestId('chart-drawing').evaluateAll((drawings) =>
    drawings.map((drawing) => {
      const { width, height } = drawing.getBoundingClientRect();
      return width > 0 && height > 0 && drawing.querySelector('[data-series]') !== null;
    }),
  );

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const jakartaDay = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });
const jakartaToday = () => jakartaDay(new Date());

describe.skipIf(!hasBrowser)('statistics', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'shows staff the charts and tables of the events recorded, once the job has counted them (1280 px en, then 360 px)',
    async () => {
      const { analyst } = await demoSignInAccounts();
      const context = await newContext(browser, { viewport: DESKTOP, language: 'en' });
      const page = await open(context, '/konsol/statistik');
      await signInWithPassword(page, 'en', analyst);
      await chooseNewPassword(page, 'en', 'Es teler di Cikini 2026', 'analyst 1280 en');
      await enrolAuthenticator(page, 'en', 'analyst 1280 en');
      await page.waitForURL(/\/konsol\/statistik$/, { timeout: 30_000 });
      await page.getByRole('heading', { level: 1, name: consoleEn.statistics.title }).waitFor();
      await page.getByTestId('events-table').waitFor({ state: 'attached', timeout: 30_000 });

      // Other journeys share this server: the figures before ours, then ours on top. Their
      // downloads of the last minute are counted meanwhile too, so ours are at least added.
      const signedInOn = jakartaToday();
      const recordedAt = new Date();
      const recordedOn = jakartaDay(recordedAt);
      const before = await dayCount(page, 'events-table', 'FILE_DOWNLOADED', recordedOn);
      await recordEvents('FILE_DOWNLOADED', DOWNLOADS, recordedAt);
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByTestId('events-table').waitFor({ state: 'attached' });
            return dayCount(page, 'events-table', 'FILE_DOWNLOADED', recordedOn);
          },
          { timeout: FIGURES_TIMEOUT_MS, interval: 5_000 },
        )
        .toBeGreaterThanOrEqual(before + DOWNLOADS);
      // This very sign-in is a sign-in of today, counted from the audit trail.
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByTestId('sign-ins-table').waitFor({ state: 'attached' });
            return dayCount(
              page,
              'sign-ins-table',
              consoleEn.statistics.signInSeries.signedIn,
              signedInOn,
            );
          },
          { timeout: FIGURES_TIMEOUT_MS, interval: 5_000 },
        )
        .toBeGreaterThanOrEqual(1);

      await expect.poll(() => chartsDrawn(page)).toEqual([true, true, true, true, true]);
      for (const summary of await page.getByText(commonEn.charts.showTable).all()) {
        await summary.click();
      }
      await expect(
        page.getByRole('table', { name: consoleEn.statistics.events }).isVisible(),
      ).resolves.toBe(true);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByRole('button', {
            name: `${commonEn.charts.downloadCsv}: ${consoleEn.statistics.events}`,
          })
          .click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^events-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      await expectNoAxeViolations(page, 'statistics dashboard 1280 en');

      await page.setViewportSize(MOBILE);
      await expect.poll(() => noSidewaysScroll(page)).toBe(true);
      await expectNoAxeViolations(page, 'statistics dashboard 360 en');

      // A range the contract refuses is told at the field, and nothing is asked.
      const statistics = page.getByRole('region', { name: consoleEn.statistics.title });
      await statistics.getByLabel(commonEn.charts.from, { exact: true }).fill('2026-03-02');
      await statistics.getByLabel(commonEn.charts.to, { exact: true }).fill('2026-03-01');
      await statistics.getByRole('button', { name: commonEn.charts.apply, exact: true }).click();
      await statistics.getByText('The end date cannot be before the start date.').waitFor();
      await context.close();
    },
    FIGURES_TIMEOUT_MS * 2 + 60_000,
  );

  for (const [language, viewport, texts, common] of [
    ['id', MOBILE, publicId, commonId],
    ['en', DESKTOP, publicEn, commonEn],
  ] as const) {
    it(`shows anyone the daily funnels at /statistik, as the public API counts them (${viewport.width} px ${language})`, async () => {
      const context = await newContext(browser, { viewport, language });
      const page = await open(context, '/statistik');
      await page.getByRole('heading', { level: 2, name: texts.lookupFunnel }).waitFor();
      await expect.poll(() => chartsDrawn(page)).toEqual([true, true]);
      for (const summary of await page.getByText(common.charts.showTable).all()) {
        await summary.click();
      }
      // The range the page asked for (its default, the last 30 days up to today in Jakarta),
      // read off its table's days: a clock read here could already be in the next day.
      const days = await page
        .getByTestId('lookup-funnel-table')
        .evaluate((table) =>
          [...table.querySelectorAll('tbody time')].map((day) => day.getAttribute('datetime')),
        );
      expect(days).toHaveLength(30);
      const [from, to] = [days[0], days.at(-1)];
      const response = await fetch(
        `${baseUrl}/belajar-id${STATISTICS_PATHS.public}?from=${from}&to=${to}`,
      );
      const { data } = (await response.json()) as {
        data: { lookupFunnel: { series: { counts: number[] }[] } };
      };
      const shown = await page
        .getByTestId('lookup-funnel-table')
        .evaluate((table) =>
          [...table.querySelectorAll('tbody tr')].map((row) =>
            [...row.querySelectorAll('td')]
              .slice(0, 4)
              .map((cell) => Number((cell.textContent ?? '').replace(/\D/g, ''))),
          ),
        );
      expect(shown).toEqual(
        data.lookupFunnel.series[0]!.counts.map((_, day) =>
          data.lookupFunnel.series.map((series) => series.counts[day]),
        ),
      );
      await expect.poll(() => noSidewaysScroll(page)).toBe(true);
      await expectNoAxeViolations(page, `statistik ${viewport.width} ${language}`);
      await context.close();
    }, 90_000);
  }
});
