import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../app/locales/en/office-request.json';
import id from '../app/locales/id/office-request.json';
import { expectNoAxeViolations } from './axe';
import { DESKTOP, MOBILE, baseUrl, hasBrowser, launchBrowser, newContext, open } from './browser';
// The API tests' letter: one PDF fixture for both suites.
import { onePagePdf } from '@portal/api/test-fixtures/pdf';
import { demoSignInAccounts, waitForMessage } from './dev-pages';
import { chooseNewPassword, enrolAuthenticator, signInWithPassword } from './sign-in-steps';
import consoleEn from '../app/locales/en/console.json';
import consoleId from '../app/locales/id/console.json';
import signInId from '../app/locales/id/sign-in.json';

// The applicant's part: the office request form with its letter upload (progress
// shown), kept through a reload, answered with a request number and a confirmation e-mail.

const TEXTS = { id, en };

async function referralCode(): Promise<string> {
  const response = await fetch(`${baseUrl}/dev/demo-identities`);
  return ((await response.json()) as { referralCode: string }).referralCode;
}

async function fillForm(page: Page, language: 'id' | 'en', email: string) {
  const f = TEXTS[language].fields;
  await page.getByLabel(f.name, { exact: true }).fill('Ahmad Fauzi');
  await page.getByLabel(f.nik, { exact: true }).fill('3273013006750004');
  const birth = page.getByRole('group', {
    name: language === 'id' ? 'Tanggal Lahir' : 'Date of Birth',
  });
  const selects = birth.getByRole('combobox');
  await selects.nth(0).selectOption('30');
  await selects.nth(1).selectOption('6');
  await selects.nth(2).selectOption('1975');
  await page.getByLabel(f.motherName, { exact: true }).fill('Rohimah');
  await page.getByLabel(f.email, { exact: true }).fill(email);
  await page.getByLabel(f.phone, { exact: true }).fill('081234567890');
  await page.getByLabel(f.kota_kabupaten).check();
  await page.getByLabel(f.province, { exact: true }).selectOption({ label: 'Jawa Barat' });
  const city = page.getByLabel(f.city, { exact: true });
  await expect.poll(() => city.isEnabled(), { timeout: 15_000 }).toBe(true);
  await city.selectOption({ index: 1 });
  await page.getByLabel(f.position, { exact: true }).selectOption('kepala-bidang');
  await page.getByLabel(f.referralCode, { exact: true }).fill(await referralCode());
  await page.getByLabel(f.suratDinas, { exact: true }).fill('Permohonan Akun');
  await page.getByLabel(f.nomorSuratDinas, { exact: true }).fill('421/77/Disdik/2026');
}

describe.skipIf(!hasBrowser)('an office account request', () => {
  let browser: Browser;
  /** The last request sent, which the staff member then reviews. */
  let last: { number: string; email: string } | null = null;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [language, viewport, width] of [
    ['id', MOBILE, 360],
    ['en', DESKTOP, 1280],
  ] as const) {
    it(`goes from the form through the upload to the request number (${width} px, ${language})`, async () => {
      const t = TEXTS[language];
      const context = await newContext(browser, { viewport, language });
      const page = await open(context, '/account/dinas');
      await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
      // An empty form says what is missing, in an error summary that takes focus.
      await page.getByRole('button', { name: t.submit }).click();
      await page.getByText(t.errorSummary).waitFor();
      await expectNoAxeViolations(page, `office form errors ${width} ${language}`);

      const email = `dinas.${language}.${Date.now()}@example.com`;
      await fillForm(page, language, email);
      await page.getByText(t.fields.referralValid).waitFor();
      // The answer is held back a moment, so the progress bar can be seen while the file goes up.
      await page.route('**/file/upload/private', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.getByLabel(t.fields.letter).setInputFiles({
        name: 'surat-dinas.pdf',
        mimeType: 'application/pdf',
        buffer: onePagePdf(),
      });
      await page
        .getByRole('progressbar', {
          name: t.upload.progress.replace('{{name}}', 'surat-dinas.pdf'),
        })
        .waitFor();
      await page.getByText(t.upload.done.replace('{{name}}', 'surat-dinas.pdf')).waitFor();
      await page.unroute('**/file/upload/private');
      await page.getByLabel('Merdeka Mengajar').check();

      // A reload loses nothing but the password: the letter's reference stays with the form.
      await page.reload();
      await page.waitForSelector('html[data-hydrated="true"]');
      // The form's part restores the draft as its sections hydrate, after the page's own.
      await expect
        .poll(() => page.getByLabel(t.fields.name, { exact: true }).inputValue())
        .toBe('Ahmad Fauzi');
      await page.getByText(t.upload.done.replace('{{name}}', 'surat-dinas.pdf')).waitFor();
      await page.getByLabel(t.fields.password, { exact: true }).fill('Gedung sate di Bandung 2026');
      await expectNoAxeViolations(page, `office form filled ${width} ${language}`);

      const since = Date.now();
      await page.getByRole('button', { name: t.submit }).click();
      const number = page.getByText(/DNS-\d{4}-\d{6}/);
      await number.waitFor({ timeout: 30_000 });
      const requestNumber = /DNS-\d{4}-\d{6}/.exec((await number.textContent()) ?? '')?.[0] ?? '';
      await expectNoAxeViolations(page, `office request sent ${width} ${language}`);
      const mail = await waitForMessage(
        'office-request-received',
        since,
        (message) => message.recipient === email,
      );
      expect(mail.bodyText).toContain(requestNumber);
      last = { number: requestNumber, email };
      await context.close();
    }, 120_000);
  }

  it('is approved by a staff member signed in with TOTP, and the account reaches the applicant (1280 px en, 360 px id)', async () => {
    expect(last).not.toBeNull();
    const request = last!;
    const { reviewer } = await demoSignInAccounts();
    const context = await newContext(browser, { viewport: DESKTOP, language: 'en' });
    const page = await open(context, '/konsol/pengajuan-dinas');
    await signInWithPassword(page, 'en', reviewer);
    await chooseNewPassword(page, 'en', 'Teh manis di Lembang 44', 'reviewer 1280 en');
    const { recoveryCode } = await enrolAuthenticator(page, 'en', 'reviewer 1280 en');
    await page.waitForURL(/\/konsol\/pengajuan-dinas$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: consoleEn.requests.title }).waitFor();
    const open_ = page.getByRole('link', {
      name: consoleEn.requests.open.replace('{{number}}', request.number),
    });
    await open_.waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, 'console list 1280 en');
    await open_.click();
    await page.waitForURL(/\/konsol\/pengajuan-dinas\/\d+$/);
    // The request has its own page; the letter is shown inline, from the PDF the page fetched with the staff's token.
    const frame = page.getByTitle(
      consoleEn.detail.letterFrame.replace('{{number}}', request.number),
    );
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await expectNoAxeViolations(page, 'console request 1280 en');
    const since = Date.now();
    // The position and platforms read as the form offered them, not as their ids.
    await page.getByText('Head of Division', { exact: true }).waitFor();
    await page.getByText('Merdeka Mengajar', { exact: true }).waitFor();
    await page.getByRole('button', { name: consoleEn.detail.approve, exact: true }).click();
    const confirm = page.getByRole('dialog', {
      name: consoleEn.detail.confirmApprove.replace('{{number}}', request.number),
    });
    await confirm.waitFor();
    await expectNoAxeViolations(page, 'approval confirmation 1280 en');
    await confirm.getByRole('button', { name: consoleEn.detail.yesApprove }).click();
    await page.getByText(consoleEn.detail.decided).waitFor();
    const mail = await waitForMessage(
      'office-account-created',
      since,
      (message) => message.recipient === request.email,
    );
    expect(mail.bodyText).toContain(request.number);
    const address = /([a-z0-9.]+@belajar\.id)/.exec(mail.bodyText)?.[1] ?? '';
    await page.getByText(address).waitFor({ timeout: 30_000 });
    await context.close();

    // Later, on a phone in Indonesian: the password, then a recovery code; the console again.
    const phone = await newContext(browser, { viewport: MOBILE, language: 'id' });
    const later = await open(phone, '/konsol');
    await signInWithPassword(later, 'id', { ...reviewer, password: 'Teh manis di Lembang 44' });
    await later.getByRole('heading', { level: 1, name: signInId.steps.totp.title }).waitFor();
    await later.getByRole('button', { name: signInId.steps.totp.useRecovery }).click();
    await later.getByLabel(signInId.steps.recovery.label).fill(recoveryCode);
    await later.getByRole('button', { name: signInId.steps.code.submit }).click();
    // The console's address lands on the reviewer's one section.
    await later.waitForURL(/\/konsol\/pengajuan-dinas$/, { timeout: 30_000 });
    await later.getByRole('heading', { level: 1, name: consoleId.requests.title }).waitFor();
    await expectNoAxeViolations(later, 'console 360 id');
    await phone.close();
  }, 180_000);
});
