import { generate } from 'otplib';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import methodsEn from '../app/locales/en/sign-in-methods.json';
import methodsId from '../app/locales/id/sign-in-methods.json';
import signInEn from '../app/locales/en/sign-in.json';
import signInId from '../app/locales/id/sign-in.json';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, newContext, open } from './browser';
import { devPages } from './dev-pages';
import { startPortalServer, type PortalServer } from './portal-server';

// An account holder's second factor on the profile's "Metode masuk" page, and its
// step after the password, as a visitor goes through them; the server passkeys need.

const METHODS = { id: methodsId, en: methodsEn };
const SIGN_IN = { id: signInId, en: signInEn };

/** A code of the app one time step ahead: the enrolment's own code is spent (no replay). */
export const nextAppCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** The recovery codes shown once: ten of them, kept, then confirmed saved. */
async function keepRecoveryCodes(page: Page, language: 'id' | 'en', where: string) {
  const t = METHODS[language].codes;
  await page.getByRole('heading', { level: 2, name: t.title }).waitFor({ timeout: 30_000 });
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  expect(await codes.count()).toBe(10);
  const first = (await codes.first().textContent()) ?? '';
  await expectNoAxeViolations(page, `recovery codes ${where}`);
  await page.getByRole('button', { name: t.saved }).click();
  return first;
}

/**
 * Enrols an authenticator app on the sign-in methods page: reads the key off the page, answers
 * a wrong code then the right one, keeps the recovery codes.
 */
export async function enrolAppOnMethodsPage(page: Page, language: 'id' | 'en', where: string) {
  const t = METHODS[language].app;
  await page.getByRole('heading', { level: 1, name: METHODS[language].title }).waitFor();
  await page.getByRole('button', { name: t.add }).click();
  const qr = page.getByRole('img', { name: t.qrAlt });
  await qr.waitFor({ timeout: 30_000 });
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replaceAll(' ', '');
  expect(secret.length).toBeGreaterThanOrEqual(16);
  await expectNoAxeViolations(page, `authenticator enrolment ${where}`);
  await page.getByLabel(t.codeLabel).fill('000000');
  await page.getByRole('button', { name: t.confirm }).click();
  await expect.poll(() => page.getByLabel(t.codeLabel).getAttribute('aria-invalid')).toBe('true');
  await page.getByLabel(t.codeLabel).fill(await generate({ secret }));
  await page.getByRole('button', { name: t.confirm }).click();
  const recoveryCode = await keepRecoveryCodes(page, language, where);
  await page.getByText(t.enrolledOn.split('{{')[0]!.trim()).first().waitFor();
  return { secret, recoveryCode };
}

/** Adds a passkey on the sign-in methods page (the page's browser holds an authenticator). */
export async function addPasskeyOnMethodsPage(
  page: Page,
  language: 'id' | 'en',
  name: string,
  where: string,
) {
  const t = METHODS[language].passkeys;
  await page.getByLabel(t.label).fill(name);
  await page.getByRole('button', { name: t.add }).click();
  return keepRecoveryCodes(page, language, where);
}

/** The second factor's step after the password, answered with the app's next code. */
export async function answerAppCode(
  page: Page,
  language: 'id' | 'en',
  secret: string,
  where: string,
) {
  const t = SIGN_IN[language].steps;
  await page.getByRole('heading', { level: 1, name: t.totp.title }).waitFor({ timeout: 30_000 });
  await page.getByLabel(t.code.label).waitFor();
  await expectNoAxeViolations(page, `second factor ${where}`);
  await page.getByLabel(t.code.label).fill(await nextAppCode(secret));
  await page.getByRole('button', { name: t.code.submit }).click();
}

/** A platform authenticator with user verification, for this page (CDP `WebAuthn`). */
export async function virtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** A later visit: the session has ended (its cookies are gone). */
export async function laterVisit(page: Page, path: string) {
  await page.context().clearCookies();
  await page.goto(path);
  await page.waitForURL(/\/oidc\/interaction\/[\w-]+$/, { timeout: 30_000 });
}

/**
 * A server of the journey's own on `localhost` (WebAuthn refuses an IP address as the relying
 * party, decision 0262), so the demo accounts it changes are its own, and a browser: called in
 * a `describe`, they start before its tests and stop after them.
 */
export function passkeyServer() {
  let server: PortalServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startPortalServer({ hostName: 'localhost', demoPeople: 100, ownDatabase: true });
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });
  return {
    /** Opens a path on the server in a new context; with the server's demo accounts. */
    async visit(
      pathname: string,
      options: { viewport: { width: number; height: number }; language: 'id' | 'en' },
    ) {
      if (!server || !browser) throw new Error('the passkey server has not started');
      const accounts = await devPages(server.url).demoSignInAccounts();
      const context = await newContext(browser, { ...options, origin: server.url });
      const page = await open(context, pathname);
      return { accounts, context, page };
    },
  };
}
