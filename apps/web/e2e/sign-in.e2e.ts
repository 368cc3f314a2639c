import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiPrefix, DEFAULT_BRAND } from '@portal/contracts/brand';
import { PROFILE_PATHS } from '@portal/contracts/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { DESKTOP, MOBILE, hasBrowser, launchBrowser, newContext, open } from './browser';
import { demoIdentities } from './dev-pages';
import { openRequestModal } from './navbar';

// The demo accounts' password, printed by `npm start` (apps/api/src/demo/demo-passwords.ts).
// The office's demo account signs in: the reset journeys give the teacher and the student new
// passwords, and the files run in any order against one server.
const DEMO_PASSWORD = 'Coba-Portal-2026';

/** A JWT, or a value as long and random as an opaque token. */
const TOKEN_LIKE = /eyJ[\w-]+\.[\w-]+|^[\w-]{40,}$/;

/**
 * Everything script on the page can read, value by value: local and session storage and
 * `document.cookie`. The portal's session is a cookie script cannot see (decision 0287).
 */
const scriptReadable = (page: Page) =>
  page.evaluate(() => [
    ...Object.entries(localStorage).flat(),
    ...Object.entries(sessionStorage).flat(),
    ...document.cookie.split(/;\s*/).flatMap((pair) => pair.split('=')),
  ]);

/**
 * A change sent from a page of another origin with the portal's cookie (a form posted there):
 * what the portal answered. The other origin is the portal's host on another port, the same
 * site, so the SameSite=Lax cookie does go with it and the origin check alone must refuse it.
 */
async function changeFromAnotherOrigin(
  context: BrowserContext,
  portal: URL,
): Promise<{ status: number; body: string }> {
  const elsewhere = `${portal.protocol}//${portal.hostname}:63999/`;
  const target = `${portal.origin}${apiPrefix(DEFAULT_BRAND)}${PROFILE_PATHS.endOtherSessions}`;
  await context.route(elsewhere, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Elsewhere</title>
<form method="post" action="${target}"><button>Send</button></form></html>`,
    }),
  );
  const page = await context.newPage();
  await page.goto(elsewhere);
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.url() === target),
    page.getByRole('button', { name: 'Send' }).click(),
  ]);
  const answer = { status: response.status(), body: await response.text() };
  await page.close();
  return answer;
}

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
      // No token anywhere script can read it: the session is an HttpOnly cookie.
      const readable = await scriptReadable(page);
      expect(readable.filter((value) => TOKEN_LIKE.test(value))).toEqual([]);
      expect(readable).not.toContain('portal_session');
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'portal_session')).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
      });
      expect(cookies.find((cookie) => cookie.name === 'login_ref')).toMatchObject({
        value: 'user-profile',
        sameSite: 'Lax',
        httpOnly: true,
      });
      // A change sent with that cookie from another origin is refused.
      const refused = await changeFromAnotherOrigin(context, new URL(page.url()));
      expect(refused.status).toBe(403);
      expect(refused.body).toContain('cross_site_request');
      await page.getByText(person.fullName).waitFor();

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
      // The portal's sign-out is a post only this origin may send: it ends the portal's session
      // and the provider's at once, with no question at the provider.
      await page.getByRole('button', { name: language === 'id' ? 'Keluar' : 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
      // Home says, once and politely, that it happened.
      await page
        .getByRole('status')
        .filter({ hasText: language === 'id' ? 'Anda telah keluar.' : 'You have signed out.' })
        .waitFor();
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(
        'portal_session',
      );
      // Both sessions ended: the profile asks for the password again.
      await page.goto('/profile');
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
      await context.close();
    });
  }
});
