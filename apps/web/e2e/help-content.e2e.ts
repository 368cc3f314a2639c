import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, baseUrl, hasBrowser, launchBrowser, newContext, open } from './browser';

const CONTENT_PATHS = ['/faq', '/resources', '/webinar', '/privacy-policy', '/oldhomepage'];

/** Interactive elements of the page content smaller than the WCAG 2.2 minimum target of 24 px. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main a, main button, main summary, main input')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return false;
        // Links inside running text are exempt (WCAG 2.5.8 "inline").
        if (
          element.tagName === 'A' &&
          element.closest('p, li') &&
          !element.className.includes('btn')
        ) {
          return box.height < 24 && getComputedStyle(element).display !== 'inline';
        }
        return box.width < 24 || box.height < 24;
      })
      .map((element) => element.outerHTML.slice(0, 80)),
  );

describe.skipIf(!hasBrowser)('help content pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('prerenders every FAQ question into the HTML, each with its anchor', async () => {
    const html = await (await fetch(`${baseUrl}/faq`)).text();
    const ids = [...html.matchAll(/<details[^>]*\sid="([a-z0-9-]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThanOrEqual(40);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('ptk-lupa-kata-sandi');
  });

  it('fits 360 px without sideways scrolling and keeps targets at least 24 px', async () => {
    const context = await newContext(browser, { viewport: MOBILE });
    for (const path of CONTENT_PATHS) {
      const page = await open(context, path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      expect(await smallTargets(page), path).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  it('searches the FAQ live, announces the count and points to the help centre when nothing matches', async () => {
    const context = await newContext(browser, { viewport: MOBILE });
    const page = await open(context, '/faq');
    const search = page.getByRole('searchbox', { name: 'Cari pertanyaan' });
    await search.fill('CHROMEBOOK');
    await expect(page.locator('details').count()).resolves.toBe(1);
    await page.waitForFunction(() =>
      document.getElementById('faq-search-status')?.textContent?.startsWith('1 pertanyaan cocok'),
    );

    await search.fill('tidak ada yang cocok zzq');
    await expect(page.locator('details').count()).resolves.toBe(0);
    await page.getByRole('heading', { name: /Tidak ada pertanyaan yang cocok/ }).waitFor();
    await page.getByRole('link', { name: 'Buka Pusat Bantuan' }).waitFor();

    await page.getByRole('button', { name: 'Hapus pencarian' }).click();
    await expect(page.locator('details').count()).resolves.toBeGreaterThanOrEqual(40);
    await context.close();
  });

  it('opens, scrolls to and focuses the answer named in the address', async () => {
    const context = await newContext(browser, { viewport: MOBILE });
    const page = await open(context, '/faq#ptk-lupa-kata-sandi');
    const target = page.locator('#ptk-lupa-kata-sandi');
    await page.waitForFunction(
      () => (document.getElementById('ptk-lupa-kata-sandi') as HTMLDetailsElement).open,
    );
    // Smooth scrolling may still be under way when the answer opens.
    await page.waitForFunction(() => {
      const top = document.getElementById('ptk-lupa-kata-sandi')?.getBoundingClientRect().top;
      return top !== undefined && top >= 0 && top < 200;
    });
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');

    // Keyboard alone: Enter closes and reopens the focused question.
    await page.keyboard.press('Enter');
    await expect(target.evaluate((element) => (element as HTMLDetailsElement).open)).resolves.toBe(
      false,
    );
    await page.keyboard.press('Enter');
    await expect(target.evaluate((element) => (element as HTMLDetailsElement).open)).resolves.toBe(
      true,
    );
    await context.close();
  });

  it('copies the link of one question', async () => {
    const context = await newContext(browser, { viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await open(context, '/faq#dinas-lama-proses');
    await page
      .locator('#dinas-lama-proses')
      .getByRole('button', { name: /^Salin tautan ke pertanyaan/ })
      .click();
    await page.getByText('Tautan pertanyaan disalin.').first().waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${baseUrl}/faq#dinas-lama-proses`);
    await context.close();
  });

  it('opens the reset-password modal from its guide and returns focus after Escape', async () => {
    const context = await newContext(browser, { viewport: MOBILE });
    const page = await open(context, '/resources#panduan-reset-kata-sandi');
    const button = page.getByRole('button', { name: 'Reset Kata Sandi' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Focus comes back once the dialog has unmounted, which may be a frame after it detaches.
    await expect
      .poll(() => button.evaluate((element) => element === document.activeElement))
      .toBe(true);
    await context.close();
  });

  it('lists the webinar sessions and says their recordings are not published', async () => {
    const context = await newContext(browser, { viewport: DESKTOP });
    const page = await open(context, '/webinar');
    await expect(
      page.locator('article time[datetime^="2021-08-"]').count(),
    ).resolves.toBeGreaterThanOrEqual(5);
    // This build sets no VITE_WEBINAR_SHEET_URL: nothing promises a recording (decision 0253).
    await page.getByRole('heading', { name: 'Rekaman Belum Tersedia' }).waitFor();
    expect(await page.getByRole('link', { name: /Tonton rekaman/ }).count()).toBe(0);
    expect(page.url()).toBe(`${baseUrl}/webinar`);
    await context.close();
  });

  it('shows the privacy policy in English after the language switch is remembered', async () => {
    const context = await newContext(browser, { viewport: MOBILE, language: 'en' });
    const page = await open(context, '/privacy-policy');
    await page.waitForSelector('html[lang="en"]');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await page.title()).toContain('Privacy Policy');
    await page.getByRole('link', { name: 'Your Rights' }).click();
    await page.waitForFunction(() => {
      const box = document.getElementById('hak-anda')?.getBoundingClientRect();
      return box !== undefined && Math.abs(box.top) < 120;
    });
    await context.close();
  });

  it('routes from the old homepage by user type and remembers it', async () => {
    const context = await newContext(browser, { viewport: MOBILE });
    const page = await open(context, '/oldhomepage');
    await page.getByRole('link', { name: 'Ajukan akun Dinas' }).click();
    await page.waitForURL('**/account/dinas');
    expect(await page.evaluate(() => window.localStorage.getItem('portal.userType'))).toBe('dinas');
    await context.close();
  });
});
