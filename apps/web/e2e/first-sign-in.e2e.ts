import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import id from '../app/locales/id/sign-in.json';
import { DESKTOP, MOBILE, hasBrowser, launchBrowser, newContext, open } from './browser';
import { demoSignInAccounts } from './dev-pages';
import { openRequestModal } from './navbar';
import { expectNoAxeViolations } from './axe';
import { chooseNewPassword, enrolAuthenticator, signInWithPassword } from './sign-in-steps';

// A first sign-in: an account handed out with an initial password chooses a new one
// before anything else; ministry staff then enrol their authenticator app, and later sign in
// with its codes. Each account's first sign-in happens once per server, so each runs once.

describe.skipIf(!hasBrowser)('a first sign-in', () => {
  let browser: Browser;
  let accounts: Awaited<ReturnType<typeof demoSignInAccounts>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    accounts = await demoSignInAccounts();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('makes a teacher with an initial password choose a new one, then shows the profile (360 px, id)', async () => {
    const context = await newContext(browser, { viewport: MOBILE, language: 'id' });
    const page = await open(context, '/profile');
    await signInWithPassword(page, 'id', accounts.teacher);
    await chooseNewPassword(page, 'id', 'Sawah hijau di Purworejo', '360 id');
    await page.waitForURL(/\/profile$/, { timeout: 30_000 });
    await page.getByText(accounts.teacher.email).first().waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, 'teacher profile 360 id');

    // A teacher who does not run the school may not request student accounts: the modal says
    // so and names who runs it.
    // 'Akun salah' once, as the dialog's title; the alert gives the reason.
    const modal = await openRequestModal(page, true);
    await page.getByRole('dialog', { name: 'Akun salah' }).waitFor({ timeout: 30_000 });
    await modal
      .getByRole('alert')
      .getByText('Proses pengajuan akun harus menggunakan Akun belajar.id milik Admin Sekolah')
      .waitFor();
    expect(await modal.getByText('Akun salah', { exact: true }).count()).toBe(1);
    await modal
      .getByText(/Admin Sekolah: \S/)
      .first()
      .waitFor();
    await expectNoAxeViolations(page, 'auth modal, not the school admin 360 id');
    await page.keyboard.press('Escape');
    await page.goto('/profile');
    // The portal's sign-out ends both sessions at once (decision 0287).
    await page.getByRole('button', { name: 'Keluar' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });

    // The initial password is spent; the new one signs in without a further step.
    const again = await open(context, '/profile');
    await signInWithPassword(again, 'id', {
      ...accounts.teacher,
      password: 'Sawah hijau di Purworejo',
    });
    await again.waitForURL(/\/profile$/, { timeout: 30_000 });
    await context.close();
  }, 120_000);

  it("enrols a staff member's authenticator app, then asks it for a code (1280 px, en; 360 px, id)", async () => {
    // Staff have no learning account to show on /profile: they sign in from the navbar's link.
    const context = await newContext(browser, { viewport: DESKTOP, language: 'en' });
    const page = await open(context, '/auth/login');
    await signInWithPassword(page, 'en', accounts.staff);
    await chooseNewPassword(page, 'en', 'Kopi tubruk tanpa gula 7', '1280 en');

    const { recoveryCode } = await enrolAuthenticator(page, 'en', '1280 en');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });

    // Staff are not a learning account: the modal shows the address signed in, read-only.
    const modal = await openRequestModal(page, false, 'en');
    await modal.getByText('Use a belajar.id account to make the request.').waitFor();
    const signedInAs = modal.getByLabel('Signed in as');
    expect(await signedInAs.inputValue()).toBe(accounts.staff.email);
    expect(await signedInAs.getAttribute('readonly')).not.toBeNull();
    await expectNoAxeViolations(page, 'auth modal, not a learning account 1280 en');
    await context.close();

    // Later, on a phone: the password, then a recovery code (the app's last code is spent).
    const phone = await newContext(browser, { viewport: MOBILE, language: 'id' });
    const later = await open(phone, '/auth/login');
    await signInWithPassword(later, 'id', {
      ...accounts.staff,
      password: 'Kopi tubruk tanpa gula 7',
    });
    await later.getByRole('heading', { level: 1, name: id.steps.totp.title }).waitFor();
    await expectNoAxeViolations(later, 'second factor 360 id');
    await later.getByRole('button', { name: id.steps.totp.useRecovery }).click();
    await later.getByLabel(id.steps.recovery.label).fill(recoveryCode);
    await later.getByRole('button', { name: id.steps.code.submit }).click();
    await later.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await phone.close();
  }, 120_000);
});
