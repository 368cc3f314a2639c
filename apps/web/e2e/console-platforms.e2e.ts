import { CONSOLE_SECTION_PAGES } from '@portal/contracts/web-routes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import consoleEn from '../app/locales/en/console.json';
import consoleId from '../app/locales/id/console.json';
import en from '../app/locales/en/console-platforms.json';
import id from '../app/locales/id/console-platforms.json';
import signInEn from '../app/locales/en/sign-in.json';
import { expectNoAxeViolations } from './axe';
import { DESKTOP, MOBILE, baseUrl, hasBrowser, launchBrowser, newContext, open } from './browser';
import { demoSignInAccounts, type DemoSignInAccount } from './dev-pages';
import { chooseNewPassword, enrolAuthenticator, signInWithPassword } from './sign-in-steps';

// End to end: the demo platform admin registers a platform, sees its client secret
// once, rotates it with an overlap, and disables the platform; on a phone in Indonesian, then
// on a desktop in English (signed in again with a recovery code). Every step is scanned by axe.

const run = Date.now().toString(36);
const ADMIN_PASSWORD = 'Nasi Uduk Kebon Kacang 36';

type Texts = typeof id;
type ConsoleTexts = typeof consoleId;

/** The elements that reach past the right edge of the page (a phone would scroll sideways). */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.slice(0, 60)}`),
  );

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce(
    (result, [key, value]) => result.replaceAll(`{{${key}}}`, String(value)),
    text,
  );

/**
 * The whole task at one size and language: register (a refusal first), keep the secret, open
 * the platform, rotate its secret with an overlap, disable it. Answers the two secrets seen.
 */
async function registerRotateDisable(
  page: Page,
  t: Texts,
  c: ConsoleTexts,
  where: string,
  clientId: string,
) {
  const name = `Platform Uji ${clientId}`;
  await page.getByRole('heading', { level: 1, name: c.sections.platforms, exact: true }).waitFor();
  await expectNoAxeViolations(page, `platforms ${where}`);

  // The form, empty: the contract's refusals in the summary and by each field, nothing sent.
  const toggle = page.getByRole('button', { name: t.register, exact: true });
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  await page.getByRole('button', { name: t.submitRegister, exact: true }).click();
  const summary = page.getByRole('heading', { name: t.errorSummary });
  await summary.waitFor();
  expect(await page.getByLabel(t.form.name, { exact: true }).getAttribute('aria-invalid')).toBe(
    'true',
  );
  await expectNoAxeViolations(page, `platform form refused ${where}`);

  await page.getByLabel(t.form.name, { exact: true }).fill(name);
  await page.getByLabel(t.form.clientId, { exact: true }).fill(clientId);
  await page.getByLabel(t.form.contactName, { exact: true }).fill('Tim Uji');
  await page.getByLabel(t.form.contactEmail, { exact: true }).fill('uji@kemendikdasmen.go.id');
  await page
    .getByLabel(t.form.redirectUris, { exact: true })
    .fill(`https://${clientId}.example/callback\nhttps://${clientId}.example/cb2`);
  await page
    .getByLabel(t.form.backchannelLogoutUri, { exact: true })
    .fill(`https://${clientId}.example/logout`);
  await page.getByRole('checkbox', { name: /^profile/ }).check();
  await page.getByRole('checkbox', { name: /^email/ }).check();
  await page.getByRole('button', { name: t.submitRegister, exact: true }).click();

  // The secret, once: its heading takes focus, a warning says it cannot be shown again.
  const panel = page.getByTestId('platform-secret');
  await panel.getByRole('heading', { name: t.secret.title }).waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.id))
    .toBe('platform-secret-title');
  const first = ((await panel.getByTestId('platform-secret-value').textContent()) ?? '').trim();
  expect(first.length).toBeGreaterThanOrEqual(32);
  await panel.getByText(t.secret.warning).waitFor();
  await panel.getByRole('button', { name: t.secret.copy }).click();
  await panel.getByText(t.secret.copied).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  await expectNoAxeViolations(page, `secret shown ${where}`);
  await panel.getByRole('button', { name: t.secret.done }).click();
  await expect.poll(() => panel.count()).toBe(0);
  expect(await page.content()).not.toContain(first);

  // The platform's page: the secret is nowhere, not even after a reload.
  await page.getByRole('link', { name: fill(t.manage, { name }) }).click();
  await page.waitForURL(new RegExp(`${CONSOLE_SECTION_PAGES.platforms}/${clientId}$`));
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  expect(await page.content()).not.toContain(first);
  await expectNoAxeViolations(page, `platform page ${where}`);

  // A rotation with two days' overlap, asked first.
  await page.getByLabel(t.rotate.overlap, { exact: true }).fill('48');
  await page.getByRole('button', { name: t.rotate.action }).click();
  const rotateDialog = page.getByRole('dialog', { name: fill(t.rotate.confirm, { name }) });
  await rotateDialog.waitFor();
  await rotateDialog.getByText(fill(t.rotate.confirmText_other, { count: 48 })).waitFor();
  await expectNoAxeViolations(page, `rotation asked ${where}`);
  await rotateDialog.getByRole('button', { name: t.rotate.yes }).click();
  await panel.getByRole('heading', { name: t.secret.title }).waitFor();
  const second = ((await panel.getByTestId('platform-secret-value').textContent()) ?? '').trim();
  expect(second.length).toBeGreaterThanOrEqual(32);
  expect(second).not.toBe(first);
  await expect.poll(async () => (await panel.textContent()) ?? '').toMatch(/\(4[78] (jam|hours)\)/);
  await expectNoAxeViolations(page, `rotated secret shown ${where}`);
  await panel.getByRole('button', { name: t.secret.done }).click();
  await expect.poll(() => panel.count()).toBe(0);
  // The old secret's end is among the platform's facts now.
  await page.getByText(`${t.facts.previousSecretValidUntil}:`).waitFor();

  // Disabled, after a confirmation: the way back is to enable it.
  await page.getByRole('button', { name: t.status.disable }).click();
  const disableDialog = page.getByRole('dialog', { name: fill(t.status.confirmDisable, { name }) });
  await disableDialog.waitFor();
  await expectNoAxeViolations(page, `disabling asked ${where}`);
  await disableDialog.getByRole('button', { name: t.status.yesDisable }).click();
  await page.getByText(t.status.disabledNote).waitFor();
  await page.getByRole('button', { name: t.status.enable }).waitFor();
  await expectNoAxeViolations(page, `platform disabled ${where}`);

  // The list says so too.
  await page.getByRole('link', { name: t.back }).click();
  const row = page.getByRole('listitem').filter({ hasText: clientId });
  await row.getByText(t.facts.disabled).waitFor();
  await expectNoAxeViolations(page, `platforms after ${where}`);
  return { first, second };
}

describe.skipIf(!hasBrowser)('platforms in the console', () => {
  let browser: Browser;
  let admin: DemoSignInAccount;
  let phone: BrowserContext;
  let desktop: BrowserContext;
  let recoveryCode = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = (await demoSignInAccounts())['platform-admin'];
  });
  afterAll(async () => {
    await phone?.close();
    await desktop?.close();
    await browser?.close();
  });

  it('registers, shows the secret once, rotates and disables at 360 px in Indonesian', async () => {
    phone = await newContext(browser, { viewport: MOBILE, language: 'id' });
    await phone.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await open(phone, '/konsol');
    await signInWithPassword(page, 'id', admin);
    await chooseNewPassword(page, 'id', ADMIN_PASSWORD, 'platform admin 360 id');
    ({ recoveryCode } = await enrolAuthenticator(page, 'id', 'platform admin 360 id'));
    // The platform admin's one section is where the console lands.
    await page.waitForURL(/\/konsol\/platform$/, { timeout: 30_000 });
    await registerRotateDisable(page, id, consoleId, '360 id', `uji-${run}-a`);
    expect(await overflowing(page)).toEqual([]);
  }, 240_000);

  it('does the same at 1280 px in English, signed in again with a recovery code', async () => {
    desktop = await newContext(browser, { viewport: DESKTOP, language: 'en' });
    await desktop.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await open(desktop, CONSOLE_SECTION_PAGES.platforms);
    await signInWithPassword(page, 'en', { ...admin, password: ADMIN_PASSWORD });
    await page.getByRole('heading', { level: 1, name: signInEn.steps.totp.title }).waitFor();
    await page.getByRole('button', { name: signInEn.steps.totp.useRecovery }).click();
    await page.getByLabel(signInEn.steps.recovery.label).fill(recoveryCode);
    await page.getByRole('button', { name: signInEn.steps.code.submit }).click();
    await page.waitForURL(/\/konsol\/platform$/, { timeout: 30_000 });
    await registerRotateDisable(page, en, consoleEn, '1280 en', `uji-${run}-b`);
  }, 240_000);
});
