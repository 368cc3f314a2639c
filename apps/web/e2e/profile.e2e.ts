import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../app/locales/en/profile.json';
import id from '../app/locales/id/profile.json';
import resetEn from '../app/locales/en/password-reset.json';
import resetId from '../app/locales/id/password-reset.json';
import { expectNoAxeViolations } from './axe';
import { DESKTOP, hasBrowser, launchBrowser, MOBILE, newContext, open } from './browser';
import { demoIdentities, waitForMessage, type DemoIdentity } from './dev-pages';
import { JOURNEY_CODE_COOLDOWN_SECONDS } from './portal-server';

// The account holder's home, as a returning visitor whose service worker is in
// control: a wrong then a right password change, another device signed out from this one, a
// new personal e-mail by the code read from the dev mailbox, and a copy of one's data.

// The demo accounts' password, printed by `npm start` (apps/api/src/demo/demo-passwords.ts).
const DEMO_PASSWORD = 'Coba-Portal-2026';
const NEW_PASSWORD = 'Profil-Baru-Sekali-2026';
const TEXTS = { id, en };
// The new password's fields are the shared ones, in the reset's words.
const NEW_PASSWORD_TEXTS = { id: resetId.newPassword, en: resetEn.newPassword };

const SIGN_IN = {
  id: { email: 'Alamat Akun belajar.id', password: 'Kata sandi', submit: 'Masuk' },
  en: { email: 'belajar.id account address', password: 'Password', submit: 'Sign in' },
};

/** Opens the profile in a new context and signs in there, as a person on that device. */
async function signedIn(
  context: BrowserContext,
  language: 'id' | 'en',
  person: DemoIdentity,
): Promise<Page> {
  const page = await open(context, '/profile');
  const words = SIGN_IN[language];
  await page.getByLabel(words.email).fill(person.accountEmail);
  await page.getByLabel(words.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: words.submit, exact: true }).click();
  await page.waitForURL(/\/profile$/, { timeout: 30_000 });
  await page.getByText(person.fullName).waitFor({ timeout: 30_000 });
  return page;
}

/** Goes to a section by the section menu, opening it first on a phone (its disclosure). */
async function openSection(page: Page, name: string) {
  const menu = page
    .getByRole('navigation', { name: TEXTS.id.menu.label })
    .or(page.getByRole('navigation', { name: TEXTS.en.menu.label }));
  const toggle = menu.locator('button[aria-expanded]');
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') {
    await toggle.click();
  }
  await menu.getByRole('link', { name, exact: true }).click();
}

/** Whether the page's portal session (its cookie, kept on the server) still signs it in. */
const sessionLive = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/auth/session');
    return ((await response.json()) as { data: unknown }).data !== null;
  });

describe.skipIf(!hasBrowser)('the account holder’s home', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // The office's demo account: the reset journeys give the teacher and the student new
  // passwords, and the files run in any order against one server. Its password is set back at
  // the end of each pass.
  let lastCodeSentAt = 0;
  for (const [viewport, language] of [
    [MOBILE, 'id'],
    [DESKTOP, 'en'],
  ] as const) {
    it(`changes the password, signs out another device, changes the personal e-mail and downloads the data (${viewport.width} px, ${language})`, async () => {
      const t = TEXTS[language];
      const where = `${viewport.width}px ${language}`;
      const person = (await demoIdentities()).dinas;
      const here = await newContext(browser, { viewport, language });
      const elsewhere = await newContext(browser, { viewport: DESKTOP, language });
      const page = await signedIn(here, language, person);
      const other = await signedIn(elsewhere, language, person);
      await expectNoAxeViolations(page, `profile home ${where}`);

      // Where the account is signed in: two devices, this one marked; the other signed out.
      await openSection(page, t.sections.sessions.title);
      await page.getByRole('heading', { level: 1, name: t.sections.sessions.title }).waitFor();
      const items = page
        .getByRole('list', { name: t.sections.sessions.title })
        .getByRole('listitem');
      // This device first, then the others by their last use: the other context's is newest
      // (earlier journeys may have left sessions of this account behind them).
      await expect.poll(() => items.count()).toBeGreaterThanOrEqual(2);
      await items.first().getByText(t.sessions.thisDevice).waitFor();
      await expectNoAxeViolations(page, `devices ${where}`);
      const before = await items.count();
      await items.nth(1).getByRole('button').click();
      await page.getByText(t.sessions.ended_one).waitFor();
      await expect.poll(() => items.count()).toBe(before - 1);
      // The other device's portal session ended with it; this one's still works.
      expect(await sessionLive(other)).toBe(false);
      expect(await sessionLive(page)).toBe(true);
      await elsewhere.close();
      // Whatever else is left signs out at once.
      if (before > 2) {
        await page.getByRole('button', { name: t.sessions.endOthers }).click();
        await expect.poll(() => items.count()).toBe(1);
      }

      // The password: a wrong current one is refused on its field, then the change is made.
      await openSection(page, t.sections.password.title);
      await page.getByRole('heading', { level: 1, name: t.sections.password.title }).waitFor();
      const since = Date.now();
      await page.getByLabel(t.password.current, { exact: true }).fill('bukan-kata-sandinya');
      await page
        .getByLabel(NEW_PASSWORD_TEXTS[language].passwordLabel, { exact: true })
        .fill(NEW_PASSWORD);
      await page
        .getByLabel(NEW_PASSWORD_TEXTS[language].confirmLabel, { exact: true })
        .fill(NEW_PASSWORD);
      await page.getByRole('button', { name: t.password.submit }).click();
      await expect
        .poll(() =>
          page.getByLabel(t.password.current, { exact: true }).getAttribute('aria-invalid'),
        )
        .toBe('true');
      await expectNoAxeViolations(page, `password refused ${where}`);
      await page.getByLabel(t.password.current, { exact: true }).fill(DEMO_PASSWORD);
      await page.getByLabel(t.password.endOthers).check();
      await page.getByRole('button', { name: t.password.submit }).click();
      await page.getByText(t.password.done).waitFor({ timeout: 30_000 });
      await expectNoAxeViolations(page, `password changed ${where}`);
      const notice = await waitForMessage('password-changed-in-profile', since);
      expect(notice.bodyText).toContain(person.accountEmail);
      expect(notice.bodyText).not.toContain(NEW_PASSWORD);

      // A copy of one's data: the readable page, saved as a download.
      await openSection(page, t.sections.data.title);
      await page.getByRole('heading', { level: 1, name: t.sections.data.title }).waitFor();
      await expectNoAxeViolations(page, `data ${where}`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: t.data.html }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^data-akun-\d{4}-\d{2}-\d{2}\.html$/);
      const saved = readFileSync((await download.path())!, 'utf8');
      expect(saved).toContain(person.accountEmail);
      expect(saved).toContain(`<html lang="${language}">`);
      await page.getByText(t.data.done).waitFor();

      // The personal e-mail, by the code sent to the new address.
      await openSection(page, t.sections['personal-email'].title);
      await page
        .getByRole('heading', { level: 1, name: t.sections['personal-email'].title })
        .waitFor();
      const newEmail = `profil.${language}@example.org`;
      await page.getByLabel(t.email.newLabel, { exact: true }).fill(newEmail);
      // One resend cooldown per person: the other pass's code may have gone out moments ago.
      const wait = lastCodeSentAt + (JOURNEY_CODE_COOLDOWN_SECONDS + 1) * 1000 - Date.now();
      if (wait > 0) await page.waitForTimeout(wait);
      lastCodeSentAt = Date.now();
      await page.getByRole('button', { name: t.email.send }).click();
      const codeTitle = page.getByRole('heading', { level: 2, name: t.email.codeTitle });
      const newEmailField = page.getByLabel(t.email.newLabel, { exact: true });
      // A refusal (the field marked invalid) fails here, naming itself, instead of a timeout.
      await expect
        .poll(async () =>
          (await codeTitle.isVisible())
            ? 'sent'
            : (await newEmailField.getAttribute('aria-invalid')) === 'true'
              ? `refused: ${await page.getByRole('alert').allTextContents()}`
              : 'waiting',
        )
        .toBe('sent');
      const mail = await waitForMessage(
        'email-change-code',
        since,
        (m) => m.recipient === newEmail,
      );
      const code = /(\d{6})/.exec(mail.subject ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      await expectNoAxeViolations(page, `e-mail code ${where}`);
      await page.getByLabel(t.email.codeLabel, { exact: true }).fill(code);
      await page.getByRole('button', { name: t.email.confirm }).click();
      await page.getByText(t.email.done.replace('{{email}}', 'p*****@example.org')).waitFor();
      await expectNoAxeViolations(page, `e-mail changed ${where}`);
      await waitForMessage('email-changed-notice', since);

      // The password back, for the journeys that sign this account in after this one.
      await openSection(page, t.sections.password.title);
      await page.getByLabel(t.password.current, { exact: true }).fill(NEW_PASSWORD);
      await page
        .getByLabel(NEW_PASSWORD_TEXTS[language].passwordLabel, { exact: true })
        .fill(DEMO_PASSWORD);
      await page
        .getByLabel(NEW_PASSWORD_TEXTS[language].confirmLabel, { exact: true })
        .fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: t.password.submit }).click();
      await page.getByText(t.password.done).waitFor({ timeout: 30_000 });

      // The history on the profile's home says what happened.
      await openSection(page, t.sections.account.title);
      await page.getByText(t.event.sessions_ended).first().waitFor({ timeout: 30_000 });
      await page.getByText(t.event.password_changed).first().waitFor();
      await page.getByText(t.event.email_changed).first().waitFor();
      await expectNoAxeViolations(page, `profile history ${where}`);
      await here.close();
    }, 240_000);
  }
});
