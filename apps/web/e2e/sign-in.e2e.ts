import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { DESKTOP, MOBILE, hasBrowser, launchBrowser, newContext, open } from './browser';
import { demoIdentities } from './dev-pages';
import { openRequestModal } from './navbar';

// The demo accounts' password, printed by `npm start` (apps/api/src/demo/demo-passwords.ts).
// The office's demo account signs in: the reset journeys give the teacher and the student new
// passwords, and the files run in any order against one server.
const DEMO_PASSWORD = 'Coba-Portal-2026';

describe.skipIf(!hasBrowser)('sign-in with the learning account', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [viewport, language] of [
    [MOBILE, 'id'],
    [DESKTOP, 'en'],
  ] as const) {
    it(`signs an office account in from /profile, shows the profile, and signs out (${viewport.width} px, ${language})`, async () => {
      const { dinas: person } = await demoIdentities();
      const context = await newContext(browser, { viewport, language });
      const page = await open(context, '/profile');
      // The guard sends the visitor to the provider's sign-in page, in the portal's look.
      const heading =
        language === 'id' ? 'Masuk ke Akun belajar.id' : 'Sign in to your belajar.id account';
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
      await expectNoAxeViolations(page, `sign-in ${viewport.width}px ${language}`);

      const email = language === 'id' ? 'Alamat Akun belajar.id' : 'belajar.id account address';
      const password = language === 'id' ? 'Kata sandi' : 'Password';
      const submit = language === 'id' ? 'Masuk' : 'Sign in';
      // A wrong password first: one answer, and the form stays usable.
      await page.getByLabel(email).fill(person.accountEmail);
      await page.getByLabel(password, { exact: true }).fill('bukan-kata-sandinya');
      await page.getByRole('button', { name: submit, exact: true }).click();
      // The step's page again, its error summary focused (script moves focus to it).
      await page
        .locator('#error-summary')
        .filter({ hasText: /salah|not right/ })
        .waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe('error-summary');
      await expectNoAxeViolations(page, `wrong password ${viewport.width}px ${language}`);
      await page.getByLabel(password, { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: submit, exact: true }).click();

      // Back on the page it started from, signed in.
      await page.waitForURL(/\/profile$/, { timeout: 30_000 });
      await page.getByText(person.fullName).waitFor({ timeout: 30_000 });
      await page.getByText(person.accountEmail).first().waitFor();
      const signedIn = language === 'id' ? 'Masuk' : 'Signed in';
      await page.getByRole('listitem').filter({ hasText: signedIn }).first().waitFor();
      await expectNoAxeViolations(page, `profile ${viewport.width}px ${language}`);
      const stored = await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('oidc.user:')),
      );
      expect(stored).toHaveLength(1);
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'login_ref')).toMatchObject({
        value: 'user-profile',
        sameSite: 'Lax',
        secure: true,
      });

      // An office account runs no school: the auth modal says the address is not on file.
      if (language === 'id') {
        const modal = await openRequestModal(page, viewport.width < 1024);
        await modal.getByText(/belum terdaftar di database kami/).waitFor({ timeout: 30_000 });
        await page.getByRole('dialog', { name: 'Akun salah' }).waitFor();
        await expectNoAxeViolations(page, `auth modal, not registered ${viewport.width}px`);
        await page.keyboard.press('Escape');
        await page.goto('/profile');
        await page.getByText(person.fullName).waitFor({ timeout: 30_000 });
      }
      await page.getByRole('button', { name: language === 'id' ? 'Keluar' : 'Sign out' }).click();
      // The provider asks before it ends the session (RP-initiated logout).
      await page
        .getByRole('heading', { name: language === 'id' ? 'Keluar dari Akun' : 'Sign Out' })
        .waitFor();
      expect(new URL(page.url()).hash).toBe('');
      await expectNoAxeViolations(page, `sign-out ${viewport.width}px ${language}`);
      await page
        .getByRole('button', { name: language === 'id' ? 'Ya, keluar' : 'Yes, sign out' })
        .click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
      // Home says, once and politely, that it happened.
      await page
        .getByRole('status')
        .filter({ hasText: language === 'id' ? 'Anda telah keluar.' : 'You have signed out.' })
        .waitFor();
      expect(
        await page.evaluate(() =>
          Object.keys(localStorage).filter((key) => key.startsWith('oidc.user:')),
        ),
      ).toHaveLength(0);
      await context.close();
    });
  }
});
