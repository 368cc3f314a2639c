import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import lookupEn from '../app/locales/en/account-lookup.json';
import consoleEn from '../app/locales/en/console.json';
import consoleId from '../app/locales/id/console.json';
import { DESKTOP, MOBILE, hasBrowser, launchBrowser, newContext, open } from './browser';
import { demoSignInAccounts } from './dev-pages';
import { expectNoAxeViolations } from './axe';
import { chooseNewPassword, enrolAuthenticator, signInWithPassword } from './sign-in-steps';

// The toggles: a staff member changes one in the console, after a confirmation, and
// the public portal follows; the change is listed with who made it.

const KEY = 'LOOKUP_DINAS';

/** Turns the toggle on or off through the console's confirmation; waits for the saved note. */
async function flip(page: Page, to: 'on' | 'off', t: typeof consoleEn.toggles) {
  const name = (to === 'on' ? t.turnOnNamed : t.turnOffNamed).replace('{{key}}', KEY);
  await page.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t.confirmTitle.replace('{{key}}', KEY) });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: t.confirm }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText(t.saved).waitFor();
}

/** What a visitor choosing the office user type sees: the lookup form, or that it is off. */
async function dinasLookupShown(browser: Browser): Promise<'form' | 'off'> {
  const context = await newContext(browser, { viewport: MOBILE, language: 'en' });
  const page = await open(context, '/account/lookup/v2');
  await page.getByTestId('user-type-dinas').check();
  const off = page.getByText(lookupEn.dinasOff.body);
  const form = page.getByRole('button', { name: lookupEn.form.submit });
  await Promise.race([off.waitFor(), form.waitFor()]);
  const shown = (await off.isVisible()) ? 'off' : 'form';
  await context.close();
  return shown;
}

describe.skipIf(!hasBrowser)('feature toggles in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('turns a toggle off and on again, and the public portal follows (1280 px id, 360 px en)', async () => {
    const { operator } = await demoSignInAccounts();
    // Indonesian by default; English later, in the same session, by the remembered choice.
    const context = await newContext(browser, { viewport: DESKTOP });
    const page = await open(context, '/konsol/fitur');
    await signInWithPassword(page, 'id', operator);
    await chooseNewPassword(page, 'id', 'Sate maranggi Purwakarta 12', 'operator 1280 id');
    await enrolAuthenticator(page, 'id', 'operator 1280 id');
    await page.waitForURL(/\/konsol\/fitur$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: consoleId.toggles.title }).waitFor();
    expect(await dinasLookupShown(browser)).toBe('form');

    await flip(page, 'off', consoleId.toggles);
    const log = page.getByRole('table', { name: consoleId.toggles.changesTitle });
    const row = log.getByRole('row').filter({ hasText: KEY }).first();
    expect(await row.textContent()).toContain(operator.email);
    expect(await row.textContent()).toMatch(/on.*off/);
    await expectNoAxeViolations(page, 'console toggles 1280 id');
    // Every instance serves it within its 5-second cache; a new visit reads it.
    await expect.poll(() => dinasLookupShown(browser), { timeout: 20_000 }).toBe('off');

    // On a phone, in English (the same session): the console fits and is switched back.
    await page.setViewportSize(MOBILE);
    await page.evaluate(() => window.localStorage.setItem('portal.language', 'en'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: consoleEn.toggles.title }).waitFor();
    await expectNoAxeViolations(page, 'console toggles 360 en');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await flip(page, 'on', consoleEn.toggles);
    await expect.poll(() => dinasLookupShown(browser), { timeout: 20_000 }).toBe('form');
    await context.close();
  }, 180_000);
});
