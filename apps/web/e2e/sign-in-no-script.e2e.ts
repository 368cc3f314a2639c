import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '@portal/contracts/sign-in-pages';
import en from '../app/locales/en/sign-in.json';
import formsEn from '../app/locales/en/forms.json';
import formsId from '../app/locales/id/forms.json';
import id from '../app/locales/id/sign-in.json';
import { expectNoAxeViolations } from './axe';
import { DESKTOP, MOBILE, hasBrowser, launchBrowser } from './browser';
import { PLATFORM_SIGN_IN_LINK, startDemoPlatform, type DemoPlatform } from './demo-platform';
import { devPages } from './dev-pages';

// The provider's steps with JavaScript switched off in the browser: each is a document with its
// form, and the plain posts lead through a first sign-in with a new password, a staff member's
// authenticator enrolment and code, a wrong password's error summary, a locked account, the
// demo platform's consent, back to the platform, and the platform's sign-out confirmation. A server of its own (it registers the demo
// platform), without the bot check: that proof of work is computed by script, and after three
// failures from one address the page would ask for it (it says it needs JavaScript).

const TEXTS = { id, en };
const FORMS = { id: formsId, en: formsEn };
const DEMO_PASSWORD = 'Coba-Portal-2026';
const domain = (text: string) => text.replaceAll('{{domain}}', 'belajar.id');

describe.skipIf(!hasBrowser)('signing in with JavaScript switched off', () => {
  let demo: DemoPlatform;
  let browser: Browser;

  beforeAll(async () => {
    demo = await startDemoPlatform({ BOT_CHECK: 'off' });
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    demo?.stop();
  });

  /**
   * axe on the document a script-less page shows: axe and the scroll settling before it run in
   * the page, so the document is scanned in a page of its own that runs script, at the same
   * width, with its scripts taken out (the stylesheet is in the document).
   */
  async function expectNoAxeViolationsWithoutScript(page: Page, where: string) {
    const context = await browser.newContext({ viewport: page.viewportSize() ?? MOBILE });
    try {
      const scan = await context.newPage();
      const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
      await scan.setContent(html);
      await expectNoAxeViolations(scan, where);
    } finally {
      await context.close();
    }
  }

  /** A browser that runs no script, its language chosen on the site earlier. */
  async function noScript(
    viewport: { width: number; height: number },
    language: 'id' | 'en',
  ): Promise<BrowserContext> {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport,
      baseURL: demo.server.url,
    });
    await context.addCookies([
      { name: LANGUAGE_COOKIE, value: language, url: demo.server.url, sameSite: 'Lax' },
    ]);
    return context;
  }

  /** From the platform's home to the portal's password step. */
  async function toPasswordStep(page: Page, language: 'id' | 'en') {
    await page.goto(demo.platformUrl);
    await page.getByRole('link', { name: PLATFORM_SIGN_IN_LINK }).click();
    await page.waitForURL(/\/oidc\/interaction\/[\w-]+$/);
    await page.getByRole('heading', { level: 1, name: domain(TEXTS[language].title) }).waitFor();
  }

  async function postPassword(page: Page, language: 'id' | 'en', email: string, password: string) {
    const t = TEXTS[language];
    await page.getByLabel(domain(t.email)).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: t.submit, exact: true }).click();
  }

  /** The consent page for the demo platform, allowed, and the platform's page after it. */
  async function allowDemoPlatform(page: Page, language: 'id' | 'en', where: string) {
    const t = TEXTS[language];
    await page
      .getByRole('heading', {
        level: 1,
        name: t.consent.title.replace('{{platform}}', 'Platform Demo'),
      })
      .waitFor();
    await page.getByText(t.consent.scopes.schools).waitFor();
    await expectNoAxeViolationsWithoutScript(page, `consent ${where}`);
    await page.getByRole('button', { name: t.consent.allow }).click();
    await page.waitForURL((url) => url.origin === demo.platformUrl);
    await page.locator('#claims').waitFor();
  }

  it('shows a wrong password in an error summary, then a first sign-in chooses a new password and consents (360 px, id)', async () => {
    const t = TEXTS.id;
    const { teacher } = await devPages(demo.server.url).demoSignInAccounts();
    const context = await noScript(MOBILE, 'id');
    const page = await context.newPage();
    await toPasswordStep(page, 'id');
    await expectNoAxeViolationsWithoutScript(page, 'password no script 360 id');

    await postPassword(page, 'id', teacher.email, 'bukan-kata-sandinya');
    const summary = page.locator('#error-summary');
    await summary.getByRole('heading', { name: FORMS.id.errorSummary.title }).waitFor();
    await summary.getByRole('link', { name: /Alamat akun atau kata sandi salah/ }).waitFor();
    expect(await page.title()).toMatch(/^Kesalahan: /);
    // The address stays; the password field is empty again.
    expect(await page.getByLabel(domain(t.email)).inputValue()).toBe(teacher.email);
    expect(await page.getByLabel(t.password, { exact: true }).inputValue()).toBe('');
    await expectNoAxeViolationsWithoutScript(page, 'wrong password no script 360 id');

    await postPassword(page, 'id', teacher.email, teacher.password);
    const steps = t.steps.newPassword;
    await page.getByRole('heading', { level: 1, name: steps.title }).waitFor();
    await page.getByLabel(steps.label, { exact: true }).fill('Sawah hijau di Purworejo');
    await page.getByLabel(steps.confirmLabel, { exact: true }).fill('Sawah hijau di Purwakarta');
    await page.getByRole('button', { name: steps.submit }).click();
    await page.locator('#error-summary').waitFor();
    expect(
      await page.getByLabel(steps.confirmLabel, { exact: true }).getAttribute('aria-invalid'),
    ).toBe('true');
    await expectNoAxeViolationsWithoutScript(page, 'new password refused no script 360 id');
    await page.getByLabel(steps.label, { exact: true }).fill('Sawah hijau di Purworejo');
    await page.getByLabel(steps.confirmLabel, { exact: true }).fill('Sawah hijau di Purworejo');
    await page.getByRole('button', { name: steps.submit }).click();

    await allowDemoPlatform(page, 'id', 'no script 360 id');
    expect(await page.locator('#claims').textContent()).toContain('"schools"');

    // The platform's sign-out asks on the provider's page; "yes" ends the session and the
    // provider's page opens the platform again.
    await page.locator('#sign-out').click();
    await page.getByRole('heading', { level: 1, name: t.signOut.title }).waitFor();
    await expectNoAxeViolationsWithoutScript(page, 'sign-out confirmation no script 360 id');
    await page.getByRole('button', { name: t.signOut.yes }).click();
    await page.waitForURL((url) => url.origin === demo.platformUrl);
    await page.getByRole('link', { name: PLATFORM_SIGN_IN_LINK }).click();
    await page.getByRole('heading', { level: 1, name: domain(t.title) }).waitFor();
    await context.close();
  }, 180_000);

  it("enrols a staff member's authenticator app from the page's QR code and asks its code next time (1280 px, en)", async () => {
    const t = TEXTS.en.steps;
    const { staff } = await devPages(demo.server.url).demoSignInAccounts();
    const context = await noScript(DESKTOP, 'en');
    const page = await context.newPage();
    await toPasswordStep(page, 'en');
    await expectNoAxeViolationsWithoutScript(page, 'password no script 1280 en');
    await postPassword(page, 'en', staff.email, staff.password);
    await page.getByRole('heading', { level: 1, name: t.newPassword.title }).waitFor();
    await expectNoAxeViolationsWithoutScript(page, 'new password no script 1280 en');
    const chosen = 'Kopi tubruk tanpa gula 8';
    await page.getByLabel(t.newPassword.label, { exact: true }).fill(chosen);
    await page.getByLabel(t.newPassword.confirmLabel, { exact: true }).fill(chosen);
    await page.getByRole('button', { name: t.newPassword.submit }).click();

    await page.getByRole('heading', { level: 1, name: t.totpEnrol.title }).waitFor();
    const qr = page.getByRole('img', { name: t.totpEnrol.qrAlt });
    expect(await qr.locator('svg').boundingBox()).toMatchObject({ width: 200, height: 200 });
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replaceAll(
      ' ',
      '',
    );
    await expectNoAxeViolationsWithoutScript(page, 'authenticator enrolment no script 1280 en');
    await page.getByLabel(t.code.label).fill('000000');
    await page.getByRole('button', { name: t.code.submit }).click();
    await page.locator('#error-summary').waitFor();
    // The same key again after a wrong code: the app already holds it.
    expect(((await page.getByTestId('totp-secret').textContent()) ?? '').replaceAll(' ', '')).toBe(
      secret,
    );
    await expectNoAxeViolationsWithoutScript(page, 'authenticator code refused no script 1280 en');
    await page.getByLabel(t.code.label).fill(await generate({ secret }));
    await page.getByRole('button', { name: t.code.submit }).click();

    await page.getByRole('heading', { level: 1, name: t.recovery.title }).waitFor();
    expect(await page.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10);
    await expectNoAxeViolationsWithoutScript(page, 'recovery codes no script 1280 en');
    await page.getByRole('link', { name: t.recovery.saved }).click();
    await allowDemoPlatform(page, 'en', 'no script 1280 en');

    // Declining the platform's sign-out keeps the portal's session: the platform's next sign-in
    // asks nothing.
    const signOut = TEXTS.en.signOut;
    await page.locator('#sign-out').click();
    await page.getByRole('heading', { level: 1, name: signOut.title }).waitFor();
    await expectNoAxeViolationsWithoutScript(page, 'sign-out confirmation no script 1280 en');
    await page.getByRole('button', { name: signOut.no }).click();
    await page.waitForURL((url) => url.origin === demo.platformUrl);
    await page.getByRole('link', { name: PLATFORM_SIGN_IN_LINK }).click();
    await page.locator('#claims').waitFor();

    // The next sign-in (both sessions gone) asks the app's code, or a recovery code, on plain
    // pages too.
    await context.clearCookies();
    await context.addCookies([
      { name: LANGUAGE_COOKIE, value: 'en', url: demo.server.url, sameSite: 'Lax' },
    ]);
    await toPasswordStep(page, 'en');
    await postPassword(page, 'en', staff.email, chosen);
    await page.getByRole('heading', { level: 1, name: t.totp.title }).waitFor();
    await expectNoAxeViolationsWithoutScript(page, 'second factor no script 1280 en');
    await page.getByRole('button', { name: t.totp.useRecovery }).click();
    await page.getByLabel(t.recovery.label).waitFor();
    await page.getByRole('button', { name: t.totp.useApp }).click();
    await page
      .getByLabel(t.code.label)
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: t.code.submit }).click();
    await page.waitForURL((url) => url.origin === demo.platformUrl);
    await context.close();
  }, 180_000);

  it('answers a locked account like a wrong password, even with the right one (360 px, id)', async () => {
    const { pd: person } = await devPages(demo.server.url).demoIdentities();
    const context = await noScript(MOBILE, 'id');
    const page = await context.newPage();
    await toPasswordStep(page, 'id');
    for (let attempt = 1; attempt <= 10; attempt += 1)
      await postPassword(page, 'id', person.accountEmail, `salah-${attempt}`);
    await postPassword(page, 'id', person.accountEmail, DEMO_PASSWORD);
    const summary = page.locator('#error-summary');
    await summary.getByRole('link', { name: /Alamat akun atau kata sandi salah/ }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/page\/login$/);
    await expectNoAxeViolationsWithoutScript(page, 'locked account no script 360 id');
    await context.close();
  }, 180_000);
});
