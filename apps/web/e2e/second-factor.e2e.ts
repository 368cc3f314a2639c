import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import schoolAdminEn from '../app/locales/en/school-admin.json';
import serverEn from '../app/locales/en/server.json';
import methodsEn from '../app/locales/en/sign-in-methods.json';
import methodsId from '../app/locales/id/sign-in-methods.json';
import signInEn from '../app/locales/en/sign-in.json';
import { expectNoAxeViolations } from './axe';
import { DESKTOP, MOBILE, hasBrowser } from './browser';
import {
  addPasskeyOnMethodsPage,
  answerAppCode,
  enrolAppOnMethodsPage,
  laterVisit,
  passkeyServer,
  virtualAuthenticator,
} from './second-factor-steps';
import { chooseNewPassword, signInWithPassword } from './sign-in-steps';

// Every account holder may add a second factor on the profile's "Metode masuk" page,
// and then signs in with it after the password; a school admin must, before the student
// request and the initial passwords' CSV. Passkeys need a host name: this journey runs a
// server of its own on `localhost`.

const METHODS_PAGE = '/profile/metode-masuk';

describe.skipIf(!hasBrowser)('a second factor for account holders', () => {
  const localhost = passkeyServer();

  it('a teacher enrols an authenticator app and signs in with it (360 px, id)', async () => {
    const {
      accounts: { teacher },
      context,
      page,
    } = await localhost.visit(METHODS_PAGE, { viewport: MOBILE, language: 'id' });
    await signInWithPassword(page, 'id', teacher);
    const password = 'Nasi liwet Solo hangat 35';
    await chooseNewPassword(page, 'id', password, 'second factor 360 id');
    await page.waitForURL(/\/profile\/metode-masuk$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 2, name: methodsId.app.title }).waitFor();
    await expectNoAxeViolations(page, 'sign-in methods 360 id');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    const { secret } = await enrolAppOnMethodsPage(page, 'id', '360 id');
    await expectNoAxeViolations(page, 'sign-in methods with an app 360 id');

    // Later: the password, then the app's code.
    await laterVisit(page, METHODS_PAGE);
    await signInWithPassword(page, 'id', { ...teacher, password });
    await answerAppCode(page, 'id', secret, '360 id');
    await page.waitForURL(/\/profile\/metode-masuk$/, { timeout: 30_000 });
    await page.getByText(methodsId.app.enrolledOn.split('{{')[0]!.trim()).waitFor();

    // The profile links the section, and its history shows the enrolment.
    await page.goto('/profile');
    await page.getByRole('link', { name: /faktor kedua/i }).waitFor({ timeout: 30_000 });
    await page.getByText('Faktor kedua ditambahkan').waitFor();
    await context.close();
  }, 240_000);

  it('a school admin is led to enrol a passkey before the request and the CSV (1280 px, en)', async () => {
    const {
      accounts: { 'school-admin': admin },
      context,
      page,
    } = await localhost.visit('/eligible/peserta-didik', { viewport: DESKTOP, language: 'en' });
    const device = await virtualAuthenticator(page);
    await signInWithPassword(page, 'en', admin);
    await page.waitForURL(/\/eligible\/peserta-didik$/, { timeout: 30_000 });
    // The page says why the request needs more than the password.
    await page.getByText(schoolAdminEn.secondFactor.why).waitFor({ timeout: 30_000 });
    await page.getByRole('table', { name: schoolAdminEn.students.caption }).waitFor();
    await expectNoAxeViolations(page, 'student request without a second factor 1280 en');

    // Asking anyway: the API refuses, and the page says why and where to go.
    await page.getByLabel(schoolAdminEn.students.selectPage).check();
    await page.getByRole('button', { name: /^Request \d+ Accounts?$/ }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: serverEn.errors.second_factor_required })
      .waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, 'second factor required 1280 en');
    await page.getByRole('link', { name: schoolAdminEn.secondFactor.enrol }).first().click();

    // The sign-in methods page: a passkey from this device, the recovery codes, then back.
    await page.waitForURL(/\/profile\/metode-masuk\?returnTo=/, { timeout: 30_000 });
    await page.getByText(methodsEn.requiredForAdmin).waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, 'sign-in methods for a school admin 1280 en');
    await addPasskeyOnMethodsPage(page, 'en', 'School laptop', '1280 en');
    expect(await device.credentials()).toHaveLength(1);
    await page
      .getByRole('button', { name: methodsEn.continue })
      .or(page.getByRole('link', { name: methodsEn.continue }))
      .click();

    // A new sign-in: the password, then the passkey.
    await signInWithPassword(page, 'en', admin);
    const usePasskey = page.getByRole('button', { name: signInEn.steps.passkey.use });
    await usePasskey.waitFor({ timeout: 30_000 });
    await page.getByText(signInEn.steps.passkey.introRecovery).waitFor();
    await expectNoAxeViolations(page, 'second factor by passkey 1280 en');
    await usePasskey.click();
    await page.waitForURL(/\/eligible\/peserta-didik$/, { timeout: 30_000 });
    await page.getByRole('table', { name: schoolAdminEn.students.caption }).waitFor();
    expect(await page.getByText(schoolAdminEn.secondFactor.why).count()).toBe(0);

    // Now the request goes through, and the CSV with the initial passwords comes once.
    await page.getByLabel(schoolAdminEn.students.selectPage).check();
    await page.getByRole('button', { name: /^Request \d+ Accounts?$/ }).click();
    await page
      .getByRole('link', { name: schoolAdminEn.progress.toPortal })
      .click({ timeout: 90_000 });
    await page.waitForURL(/\/admin$/);
    const withPasswords = page.getByRole('button', {
      name: schoolAdminEn.requests.downloadWithPasswords,
    });
    await withPasswords.first().waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, 'admin portal with a second factor 1280 en');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      withPasswords.first().click(),
    ]);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.slice(1).split('\r\n')[0]).toBe('Nama,NISN,Akun,Kata Sandi Awal');
    await context.close();
  }, 300_000);
});
