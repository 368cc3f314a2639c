import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, baseUrl, hasBrowser, launchBrowser, newContext, open } from './browser';
import { expectNoAxeViolations } from './axe';
import { demoIdentities, waitForMessage } from './dev-pages';
import {
  CODE_SENT_TOAST,
  RESET_LOOKUP_TITLE,
  codeIn,
  enterCode,
  lookUp,
  requestCodeByEmail,
  setNewPassword,
} from './password-reset-steps';

type Box = { x: number; y: number; width: number; height: number } | null;
/** Whether two element boxes share any area. */
const overlap = (a: Box, b: Box) =>
  a !== null &&
  b !== null &&
  a.x < b.x + b.width &&
  b.x < a.x + a.width &&
  a.y < b.y + b.height &&
  b.y < a.y + a.height;

describe.skipIf(!hasBrowser)('password reset journeys', () => {
  let browser: Browser;
  let people: Awaited<ReturnType<typeof demoIdentities>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    people = await demoIdentities();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('resets by e-mail from the home page, following the link in the mail', async () => {
    const person = people.ptk;
    const context = await newContext(browser, { viewport: DESKTOP });
    const tracked: string[] = [];
    context.on('request', (request) => {
      if (request.url().endsWith('/event-tracker/v1/events'))
        tracked.push(request.postData() ?? '');
    });
    const page = await open(context, '/');

    // SPEC §2: the hero button leads to the reset section, whose button opens the lookup.
    await page.getByRole('link', { name: 'Lupa Kata Sandi' }).click();
    await page.locator('#lupa-kata-sandi').getByRole('button').click();
    const lookup = page.getByRole('dialog', { name: RESET_LOOKUP_TITLE });
    await lookup.waitFor();
    expect(await lookup.evaluate((element) => element.getBoundingClientRect().width)).toBe(380);

    // The rules of SPEC §5 before anything is sent.
    await lookup.getByRole('button', { name: 'Lanjutkan' }).click();
    expect(await lookup.getByText('Wajib Diisi').count()).toBe(2);
    await lookup.getByLabel('Email', { exact: true }).fill('bukan-email');
    await lookup.getByRole('button', { name: 'Lanjutkan' }).click();
    await lookup.getByText('Format email tidak valid.').waitFor();
    await expectNoAxeViolations(page, 'lookup modal 1280');

    const method = await lookUp(page, person.accountEmail, person.birthDate);
    await method.waitFor();
    expect(await method.evaluate((element) => element.getBoundingClientRect().width)).toBe(360);
    // The method choice takes the lookup's place: one dialog, one close button, one help link.
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await method.getByRole('button', { name: 'Tutup' }).count()).toBe(1);
    expect(await method.getByRole('button', { name: 'Tidak ada akses ke data ini?' }).count()).toBe(
      1,
    );
    expect(await method.getByLabel('Email', { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Pilih Metode Pengiriman Kode',
    );
    await expectNoAxeViolations(page, 'method modal 1280');

    const sentAt = Date.now();
    await method.getByRole('button', { name: 'Kirim kode ke email' }).click();
    await page.getByText(CODE_SENT_TOAST).waitFor();
    await page.waitForURL('**/reset-password/otp');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: /Kirim ulang kode dalam \d+ detik/ }).waitFor();
    await expectNoAxeViolations(page, 'otp page 1280');

    const mail = await waitForMessage('reset-code', sentAt);
    const link = /(\/reset-password\/otp#sesi=[^\s]+)/.exec(mail.bodyText)?.[1];
    expect(link).toBeDefined();

    // The person opens the link from their mailbox: a new tab, with nothing stored.
    const fromMail = await context.newPage();
    await fromMail.goto(`${baseUrl}${link}`);
    await fromMail.waitForSelector('html[data-hydrated="true"]');
    const codeField = fromMail.getByLabel('Kode OTP');
    await expect.poll(() => codeField.inputValue()).toBe(codeIn(mail.bodyText));
    // The fragment with the code leaves the address bar and the history at once.
    expect(new URL(fromMail.url()).hash).toBe('');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    await fromMail.getByRole('button', { name: 'Verifikasi' }).click();
    await fromMail.waitForURL('**/reset-password/new-password');
    await fromMail.getByRole('heading', { name: 'Buat Kata Sandi Baru' }).waitFor();
    await expectNoAxeViolations(fromMail, 'new password page 1280');

    const password = fromMail.getByLabel('Kata sandi baru', { exact: true });
    const confirmation = fromMail.getByLabel('Ulangi kata sandi baru');
    await password.fill('pendek');
    await fromMail.getByText('6 karakter, kurang 2 lagi.').waitFor();
    await password.fill('password123');
    await confirmation.fill('password123');
    await fromMail.getByRole('button', { name: 'Simpan Kata Sandi' }).click();
    await fromMail
      .getByText('Kata sandi ini terlalu umum dan mudah ditebak. Pilih kata sandi lain.')
      .waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');

    const show = fromMail.getByRole('button', { name: 'Tampilkan kata sandi' });
    expect(await show.getAttribute('aria-pressed')).toBe('false');
    await show.click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await show.getAttribute('aria-pressed')).toBe('true');

    const changedAt = Date.now();
    await password.fill('Kebun Raya Bogor 1817');
    await confirmation.fill('Kebun Raya Bogor 1817');
    await fromMail.getByRole('button', { name: 'Simpan Kata Sandi' }).click();
    await fromMail.getByRole('heading', { name: 'Kata sandi berhasil diubah' }).waitFor();
    expect(
      await fromMail.evaluate(() => window.sessionStorage.getItem('portal.passwordReset')),
    ).toBeNull();
    const notice = await waitForMessage('password-changed-notice', changedAt, (message) =>
      message.bodyText.includes(person.accountEmail),
    );
    expect(notice.channel).toBe('email');

    // Analytics learn what happened, never who: no address, birth date, code or session id.
    // Any tab of the context may flush the shared queue, so watch the context, not one page.
    await expect
      .poll(() => tracked.join('\n'), { timeout: 15_000 })
      .toContain('PASSWORD_RESET_LINK_SENT');
    const events = tracked.join('\n');
    for (const name of [
      'PASSWORD_RESET_INITIATED',
      'PASSWORD_SEARCH_SUBMITTED',
      'PASSWORD_RESET_LINK_SENT',
    ]) {
      expect(events).toContain(name);
    }
    for (const secret of [
      person.accountEmail,
      person.birthDate,
      codeIn(mail.bodyText),
      link?.split('sesi=')[1]?.split('&')[0] ?? 'no-session',
    ]) {
      expect(events).not.toContain(secret);
    }
    await context.close();
  }, 120_000);

  it('resets by SMS on a 360 px phone, typing the code', async () => {
    const person = people.pd;
    const context = await newContext(browser, { viewport: MOBILE });
    const page = await open(context, '/?features=REQUEST_PASSWORD_BY_PHONE');
    await page.locator('#lupa-kata-sandi').getByRole('button').click();
    await page.getByRole('dialog', { name: RESET_LOOKUP_TITLE }).waitFor();
    await expectNoAxeViolations(page, 'lookup modal 360');

    const method = await lookUp(page, person.accountEmail, person.birthDate);
    await method.waitFor();
    await expectNoAxeViolations(page, 'method modal 360');
    const sentAt = Date.now();
    await method.getByRole('button', { name: 'Kirim kode lewat SMS' }).click();
    await page.getByText(CODE_SENT_TOAST).waitFor();
    await page.waitForURL('**/reset-password/otp');
    await page.getByText(/lewat SMS ke \*+\d+/).waitFor();
    await page.getByText('Anda masih bisa mencoba 5 kali lagi.').waitFor();
    await expectNoAxeViolations(page, 'otp page 360');
    // The toast says what this page is about, over none of its actions.
    const toast = page.getByText(CODE_SENT_TOAST);
    expect(await toast.isVisible()).toBe(true);
    const verify = page.getByRole('button', { name: 'Verifikasi' });
    expect(overlap(await toast.boundingBox(), await verify.boundingBox())).toBe(false);
    // Held under the pointer, it would still be shown when the visitor reaches the next step.
    await toast.hover();

    const sms = await waitForMessage('reset-code-sms', sentAt);
    expect(sms.channel).toBe('sms');
    // Pasted with a space, as people copy it out of a message.
    const code = codeIn(sms.bodyText);
    await page.getByLabel('Kode OTP').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(await page.getByLabel('Kode OTP').inputValue()).toBe(code);
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await page.waitForURL('**/reset-password/new-password');
    await page.getByText('Minimal 8 karakter', { exact: false }).waitFor();
    // The code page's toast stays behind with it, however soon the visitor got here.
    expect(await toast.count()).toBe(0);
    await expectNoAxeViolations(page, 'new password page 360');

    await setNewPassword(page, 'Sawah hijau di Purworejo');
    await expectNoAxeViolations(page, 'done 360');
    await context.close();
  }, 120_000);

  it('says how many attempts are left after a wrong code', async () => {
    const person = people.dinas;
    const context = await newContext(browser, { viewport: DESKTOP });
    const page = await open(context, '/');
    await page.getByRole('button', { name: 'Reset Password', exact: true }).click();

    await requestCodeByEmail(page, person);
    const mail = await waitForMessage('reset-code', Date.now() - 5000);
    const wrong = codeIn(mail.bodyText) === '000000' ? '111111' : '000000';

    await enterCode(page, '12');
    await page.getByRole('alert').filter({ hasText: 'Kode OTP terdiri dari 6 angka.' }).waitFor();

    await enterCode(page, wrong);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Kode OTP salah. Sisa percobaan: 4.' })
      .waitFor();
    // One counter, in the message, not a second one beside it.
    expect(await page.getByText(/masih bisa mencoba/).count()).toBe(0);
    expect(await page.getByLabel('Kode OTP').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toContain('/reset-password/otp');
    await context.close();
  }, 120_000);

  it('shows the help path for an account it cannot send a code for', async () => {
    const context = await newContext(browser, { viewport: DESKTOP });
    const page = await open(context, '/');
    await page.locator('#lupa-kata-sandi').getByRole('button').click();
    const method = await lookUp(page, 'tidak.ada.orangnya@belajar.id', '1990-01-01');
    await method.waitFor();
    await method.getByText(/^Periksa kembali alamat Akun belajar\.id dan tanggal lahir/).waitFor();
    expect(await method.getByRole('button', { name: 'Kirim kode ke email' }).isDisabled()).toBe(
      true,
    );
    expect(await method.getByRole('button', { name: 'Kirim kode lewat SMS' }).isDisabled()).toBe(
      true,
    );
    await method.getByRole('button', { name: 'Tidak ada akses ke data ini?' }).click();
    const help = page.getByRole('dialog', { name: 'Tidak ada akses ke data ini?' });
    await help.waitFor();
    expect(await method.count()).toBe(0);
    await help.getByText('Data email belum terdaftar di Dapodik.').waitFor();
    await expectNoAxeViolations(page, 'help modal 1280');
    await page.setViewportSize(MOBILE);
    await expectNoAxeViolations(page, 'help modal 360');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    // SPEC §4: reopening the lookup starts from an empty form.
    await page.keyboard.press('Escape');
    await page.locator('#lupa-kata-sandi').getByRole('button').click();
    const lookup = page.getByRole('dialog', { name: RESET_LOOKUP_TITLE });
    expect(await lookup.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    await context.close();
  }, 120_000);
});
