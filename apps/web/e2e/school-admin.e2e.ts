import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../app/locales/en/school-admin.json';
import id from '../app/locales/id/school-admin.json';
import { DESKTOP, MOBILE, hasBrowser, launchBrowser, newContext, open } from './browser';
import { demoSignInAccounts } from './dev-pages';
import { expectNoAxeViolations } from './axe';
import methodsId from '../app/locales/id/sign-in-methods.json';
import { answerAppCode, enrolAppOnMethodsPage } from './second-factor-steps';
import { chooseNewPassword, signInWithPassword } from './sign-in-steps';

// A school admin requests accounts for the school's students, watches them being made,
// downloads them with their initial passwords once, and resets one; a student then signs in
// with the initial password and must choose a new one. The admin enrols an authenticator app on
// the way (the demo admin has no second factor: decision 0269).

const count = (value: string, n: number) => value.replaceAll('{{count}}', String(n));

async function signedInAsAdmin(page: Page, language: 'id' | 'en') {
  const { 'school-admin': admin } = await demoSignInAccounts();
  await signInWithPassword(page, language, admin);
}

describe.skipIf(!hasBrowser)('school admins', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('show the students without an account and the admin portal (1280 px, en)', async () => {
    const context = await newContext(browser, { viewport: DESKTOP, language: 'en' });
    const page = await open(context, '/eligible/peserta-didik');
    await signedInAsAdmin(page, 'en');
    await page.waitForURL(/\/eligible\/peserta-didik$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: en.requestTitle }).waitFor();
    const table = page.getByRole('table', { name: en.students.caption });
    await table.waitFor({ timeout: 30_000 });
    // The synthetic registry leaves some students with a gap: its reason, and no box to tick.
    const gaps = [en.reasons.no_nisn, en.reasons.no_birth_date, en.reasons.left_school];
    const blocked = table.getByRole('row').filter({ hasText: new RegExp(gaps.join('|')) });
    await blocked.first().waitFor();
    expect(await blocked.first().getByRole('checkbox').isDisabled()).toBe(true);
    const requestable = table.getByRole('row').filter({ hasText: en.students.requestable });
    expect(await requestable.first().getByRole('checkbox').isDisabled()).toBe(false);
    await expectNoAxeViolations(page, 'student request 1280 en');

    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: en.portalTitle }).waitFor();
    await page.getByRole('heading', { level: 2, name: en.accounts.title }).waitFor();
    await page
      .getByRole('button', { name: new RegExp(en.accounts.reset) })
      .first()
      .waitFor();
    await expectNoAxeViolations(page, 'admin portal 1280 en');
    await context.close();
  }, 120_000);

  it("request, progress, the one-time CSV, the student's first sign-in, a reset (360 px, id)", async () => {
    const context = await newContext(browser, { viewport: MOBILE, language: 'id' });
    const page = await open(context, '/eligible/peserta-didik');
    await signedInAsAdmin(page, 'id');
    await page.waitForURL(/\/eligible\/peserta-didik$/, { timeout: 30_000 });
    await page.getByRole('table', { name: id.students.caption }).waitFor({ timeout: 30_000 });

    // The request and the CSV need a second factor. The demo admin has none: the
    // page leads to the sign-in methods, an authenticator app is enrolled, and a new sign-in
    // with it comes back here.
    await page.getByText(id.secondFactor.why).waitFor();
    await expectNoAxeViolations(page, 'student request without a second factor 360 id');
    await page.getByRole('link', { name: id.secondFactor.enrol }).click();
    await page.waitForURL(/\/profile\/metode-masuk\?returnTo=/, { timeout: 30_000 });
    const { secret } = await enrolAppOnMethodsPage(page, 'id', 'school admin 360 id');
    await page.getByRole('link', { name: methodsId.continue }).click();
    await signedInAsAdmin(page, 'id');
    await answerAppCode(page, 'id', secret, 'school admin 360 id');
    await page.waitForURL(/\/eligible\/peserta-didik$/, { timeout: 30_000 });
    await page.getByRole('table', { name: id.students.caption }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(id.secondFactor.why).count()).toBe(0);
    await expectNoAxeViolations(page, 'student request 360 id');

    await page.getByLabel(id.students.selectPage).check();
    const submit = page.getByRole('button', { name: /^Ajukan \d+ Akun$/ });
    const label = (await submit.textContent()) ?? '';
    const selected = Number(/\d+/.exec(label)?.[0]);
    expect(selected).toBeGreaterThan(0);
    await page.getByText(count(id.students.selected_other, selected)).waitFor();
    await submit.click();

    // The progress of the request, until every student is settled.
    await page.getByRole('progressbar', { name: id.progress.label }).waitFor({ timeout: 30_000 });
    await page
      .getByText(id.progress.done.replace('{{created}}', String(selected)))
      .waitFor({ timeout: 60_000 });
    await expectNoAxeViolations(page, 'request progress 360 id');

    // In the admin portal: the CSV with the initial passwords, once.
    await page.getByRole('link', { name: id.progress.toPortal }).click();
    await page.waitForURL(/\/admin$/);
    const withPasswords = page.getByRole('button', { name: id.requests.downloadWithPasswords });
    await withPasswords.first().waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, 'admin portal 360 id');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      withPasswords.first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^akun-peserta-didik-\d{8}-\d+-dengan-kata-sandi\.csv$/,
    );
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Nama,NISN,Akun,Kata Sandi Awal');
    expect(lines).toHaveLength(selected + 1);
    const [, , studentEmail, initialPassword] = (lines[1] ?? '').split(',');
    expect(initialPassword).toMatch(/^[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}$/);
    // Afterwards only the list without passwords can be downloaded.
    await page.getByRole('button', { name: id.requests.downloadList }).first().waitFor();

    // The student signs in with the initial password from the file: a new one first.
    const student = await newContext(browser, { viewport: MOBILE, language: 'id' });
    const profile = await open(student, '/profile');
    await signInWithPassword(profile, 'id', {
      role: 'teacher',
      email: studentEmail ?? '',
      password: initialPassword ?? '',
    });
    await chooseNewPassword(
      profile,
      'id',
      'Layang-layang di Pantai Parangtritis',
      'student 360 id',
    );
    await profile.waitForURL(/\/profile$/, { timeout: 30_000 });
    await profile
      .getByText(studentEmail ?? '')
      .first()
      .waitFor({ timeout: 30_000 });
    await student.close();

    // A reset shows a new initial password once, in a dialog.
    await page
      .getByRole('button', { name: new RegExp(id.accounts.reset) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: id.reset.title });
    await dialog.getByRole('button', { name: id.reset.action }).click();
    await dialog.getByTestId('initial-password').waitFor();
    expect(await dialog.getByTestId('initial-password').textContent()).toMatch(
      /^[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}$/,
    );
    await expectNoAxeViolations(page, 'password reset dialog 360 id');
    await dialog.getByRole('button', { name: id.reset.close }).click();

    await context.close();
  }, 180_000);
});
