import { ANNOUNCEMENT_ROUTES } from '@portal/contracts/announcements';
import { ANNOUNCEMENT_BAR_DELAY_MS } from '@portal/contracts/business-constants';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../app/locales/en/common.json';
import commonId from '../app/locales/id/common.json';
import consoleEn from '../app/locales/en/console.json';
import { DESKTOP, MOBILE, hasBrowser, launchBrowser, newContext, open } from './browser';
import { demoSignInAccounts } from './dev-pages';
import { expectNoAxeViolations } from './axe';
import { chooseNewPassword, enrolAuthenticator, signInWithPassword } from './sign-in-steps';

// Announcements: staff write one in Markdown with a live preview and activate it in
// the console; the public site's bar shows it two seconds after its toggle is on, and the
// visitor dismisses it for good (close button; on a phone, a tap on the dimmed page). What
// staff type never runs on the page. Every text is unique to this run and deactivated at the end.

const t = consoleEn.announcements;
const PUBLIC_PAGE = '/?features=TEST_ANNOUNCEMENT_BAR';
const run = Date.now().toString(36);

/** Records when the page first carries the bar's marker, and anything a hostile text runs. */
async function watchPage(context: BrowserContext) {
  await context.addInitScript(() => {
    const record = window as unknown as { __announcementShownAt?: number };
    new MutationObserver(() => {
      if (document.documentElement.classList.contains('has-announcement')) {
        record.__announcementShownAt ??= performance.now();
      }
      // The document, not its root element: init scripts run before the root exists.
    }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
  });
}

const bar = (page: Page, language: 'id' | 'en') =>
  page.getByRole('region', {
    name: (language === 'id' ? commonId : commonEn).announcement.label,
    exact: true,
  });
const hasMarker = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('has-announcement'));

/**
 * Reloads with the page's clock held, then runs it past the bar's delay once the bar has its
 * list: whatever the bar would show, it has shown when this returns, without waiting it out.
 */
async function reloadPastTheDelay(page: Page) {
  await page.clock.install();
  const listed = page.waitForResponse((response) =>
    new URL(response.url()).pathname.endsWith(ANNOUNCEMENT_ROUTES.public),
  );
  await page.reload();
  await page.waitForSelector('html[data-hydrated="true"]');
  // The bar starts its delay before it asks for the list: with the list here, the delay is set.
  await (await listed).finished();
  await page.clock.runFor(ANNOUNCEMENT_BAR_DELAY_MS);
  // React commits in a MessageChannel task, which the clock does not hold: one more such task
  // runs after it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

describe.skipIf(!hasBrowser)('announcements', () => {
  let browser: Browser;
  let staffContext: BrowserContext | undefined;
  let staff: Page | undefined;
  const written: string[] = [];

  /** Nothing this run activated stays on the public site. */
  async function deactivateWritten(page: Page) {
    for (const text of written) {
      const item = page.getByRole('listitem').filter({ hasText: text });
      const deactivate = item.getByRole('button', { name: t.deactivate, exact: true });
      if ((await deactivate.count()) === 0) continue;
      await deactivate.click();
      await page.getByRole('button', { name: t.yesDeactivate }).click();
      await item.getByText(t.inactive, { exact: true }).waitFor();
    }
  }

  /** Writes an announcement in the console and activates it; returns its list item. */
  async function writeAndActivate(text: string, where: string) {
    if (!staff) throw new Error('the staff member is not signed in');
    await staff.getByLabel(t.description).fill(text);
    await staff.getByRole('button', { name: t.save }).click();
    await staff.getByText(t.saved).waitFor();
    // Each text ends with this run's marker: the list shows the text rendered, not as typed.
    const marker = text.split(' ').at(-1) ?? text;
    const item = staff.getByRole('listitem').filter({ hasText: marker });
    await item.getByText(t.inactive, { exact: true }).waitFor();
    written.push(marker);
    await item.getByRole('button', { name: t.activate, exact: true }).click();
    const confirm = staff.getByRole('dialog', { name: t.confirmActivate });
    await confirm.waitFor();
    await expectNoAxeViolations(staff, `activation confirmation ${where}`);
    await confirm.getByRole('button', { name: t.yesActivate }).click();
    await item.getByText(t.active, { exact: true }).waitFor();
    return item;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    if (staff) await deactivateWritten(staff);
    await staffContext?.close();
    await browser?.close();
  }, 60_000);

  it('is written with a live preview and activated by staff, shown after two seconds, closed for good (1280 px, en)', async () => {
    // The demo staff member of announcements, at their first sign-in: new password, authenticator.
    const { announcer } = await demoSignInAccounts();
    staffContext = await newContext(browser, { viewport: DESKTOP, language: 'en' });
    staff = await open(staffContext, '/konsol/pengumuman');
    await signInWithPassword(staff, 'en', announcer);
    await chooseNewPassword(staff, 'en', 'Bakso malang di pojok jalan 5', 'announcer 1280 en');
    await enrolAuthenticator(staff, 'en', 'announcer 1280 en');
    await staff.waitForURL(/\/konsol\/pengumuman$/, { timeout: 30_000 });
    await staff.getByRole('heading', { level: 1, name: t.title }).waitFor({ timeout: 30_000 });

    const text = `Pusat Bantuan **tutup** pada hari libur. [Jadwal layanan](https://example.org/jadwal) ${run}-bar`;
    await staff.getByLabel(t.description).fill(text);
    const preview = staff.getByTestId('announcement-preview');
    await preview.locator('strong', { hasText: 'tutup' }).waitFor();
    const link = preview.getByRole('link', { name: 'Jadwal layanan' });
    expect(await link.getAttribute('href')).toBe('https://example.org/jadwal');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await expectNoAxeViolations(staff, 'announcement form with preview 1280 en');
    const listed = await writeAndActivate(text, '1280 en');
    // The list shows it as the bar will, not the Markdown as typed.
    await listed.locator('strong', { hasText: 'tutup' }).waitFor();
    expect(await listed.getByRole('link', { name: 'Jadwal layanan' }).getAttribute('href')).toBe(
      'https://example.org/jadwal',
    );
    expect(await listed.textContent()).not.toContain('**');
    await expectNoAxeViolations(staff, 'announcement list 1280 en');

    const context = await newContext(browser, { viewport: DESKTOP, language: 'en' });
    await watchPage(context);
    const page = await open(context, PUBLIC_PAGE);
    const shown = bar(page, 'en');
    await shown.waitFor({ timeout: 15_000 });
    const shownAt = await page.evaluate(
      () => (window as unknown as { __announcementShownAt?: number }).__announcementShownAt ?? 0,
    );
    // The toggle turns on as the app starts, after the page has begun loading: the bar comes at
    // least the delay of SPEC §9 after the page's start.
    expect(shownAt).toBeGreaterThanOrEqual(2000);
    expect(await shown.locator('strong').textContent()).toBe('tutup');
    expect(await shown.getByRole('link', { name: 'Jadwal layanan' }).getAttribute('target')).toBe(
      '_blank',
    );
    expect(await hasMarker(page)).toBe(true);
    await page.waitForSelector(`html[lang="en"]`);
    await expectNoAxeViolations(page, 'announcement bar 1280 en');

    await shown.getByRole('button', { name: commonEn.announcement.close }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await hasMarker(page)).toBe(false);
    // Dismissed stays dismissed: past the delay after a reload, nothing is shown.
    await reloadPastTheDelay(page);
    expect(await shown.count()).toBe(0);
    expect(await hasMarker(page)).toBe(false);
    await context.close();
  }, 120_000);

  it('leaves every element reached by Tab clear of the bar (360 px, id)', async () => {
    const context = await newContext(browser, { viewport: MOBILE, language: 'id' });
    // The older home with a type remembered: its Cari Akun button is enabled.
    await context.addInitScript(() => window.localStorage.setItem('portal.userType', 'ptk'));
    const page = await open(context, '/home?features=TEST_ANNOUNCEMENT_BAR');
    const shown = bar(page, 'id');
    await shown.waitFor({ timeout: 15_000 });
    const reached: string[] = [];
    // WCAG 2.2 SC 2.4.11: from the page's start to the bar, no focused element under the bar.
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      // Scrolling into view is smooth: measure once it has come to rest.
      await page.waitForFunction(
        () =>
          new Promise<boolean>((resolve) => {
            const before = window.scrollY;
            setTimeout(() => resolve(window.scrollY === before), 150);
          }),
      );
      const focus = await page.evaluate((label) => {
        const element = document.activeElement;
        const region = document.querySelector(`[role="region"][aria-label="${label}"]`);
        if (!element || !region) return null;
        const shownRect = element.getBoundingClientRect();
        const barRect = region.getBoundingClientRect();
        return {
          name: (element.textContent ?? '').trim(),
          inBar: region.contains(element),
          covered: shownRect.bottom > barRect.top && shownRect.top < barRect.bottom,
        };
      }, commonId.announcement.label);
      if (!focus || focus.inBar) break;
      reached.push(focus.name);
      expect(focus.covered, `"${focus.name}" is under the announcement bar`).toBe(false);
    }
    expect(reached).toContain('Cari Akun belajar.id');
    await context.close();
  }, 120_000);

  it('is dismissed on a phone by a tap on the dimmed page, which opens what it tapped (360 px, id)', async () => {
    const context = await newContext(browser, { viewport: MOBILE, language: 'id' });
    const page = await open(context, PUBLIC_PAGE);
    const shown = bar(page, 'id');
    await shown.waitFor({ timeout: 15_000 });
    await page.waitForSelector(`html[lang="id"]`);
    await expectNoAxeViolations(page, 'announcement bar 360 id');
    // The close button is a target of at least 24 px.
    const close = await shown
      .getByRole('button', { name: commonId.announcement.close })
      .boundingBox();
    expect(Math.min(close?.width ?? 0, close?.height ?? 0)).toBeGreaterThanOrEqual(24);
    // A tap on the dimmed page dismisses the sheet and still does what it tapped: "Menu" opens.
    const menu = page.getByRole('button', { name: commonId.nav.menu, exact: true });
    const box = await menu.boundingBox();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await shown.waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: commonId.nav.mobileLabel }).waitFor();
    expect(await hasMarker(page)).toBe(false);
    await reloadPastTheDelay(page);
    expect(await shown.count()).toBe(0);
    await context.close();
  }, 120_000);

  it('runs nothing of a script, an onerror image or a javascript: link that staff typed', async () => {
    const hostile = [
      'Awas <script>window.__pwned = 1; alert(1)</script>',
      '<img src=x onerror="window.__pwned = 2; alert(2)">',
      '[klik di sini](javascript:window.__pwned=3;alert(3))',
      `<a href="javascript:window.__pwned=4;alert(4)">tautan</a> ${run}-xss`,
    ].join(' ');
    await writeAndActivate(hostile, 'hostile 1280 en');

    const context = await newContext(browser, { viewport: DESKTOP, language: 'en' });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const popups: string[] = [];
    page.on('popup', (popup) => popups.push(popup.url()));
    await page.goto(PUBLIC_PAGE);
    await page.waitForSelector('html[data-hydrated="true"]');
    const shown = bar(page, 'en');
    await shown.waitFor({ timeout: 15_000 });
    await shown.getByText(`${run}-xss`).waitFor();
    const html = await shown.innerHTML();
    expect(html).not.toMatch(/<script|<img|onerror|javascript:/i);
    // The links' texts stay, without their hrefs: clicking them goes nowhere.
    await shown.getByText('klik di sini').click();
    await shown.getByText('tautan').click();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(popups).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  }, 120_000);
});
