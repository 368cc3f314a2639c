import type { Page } from 'playwright-core';

// The password reset (the lookup modal, the code, the new password) as a visitor goes through it.

export const RESET_LOOKUP_TITLE = 'Masuk ke Akun belajar.id / Reset Kata Sandi Anda';
export const CODE_SENT_TOAST = 'Kode OTP berhasil dikirim';

/** The six-digit code in a message's text. */
export const codeIn = (text: string) => {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error('no code in the message');
  return code;
};

/** Fills the reset lookup of an open modal and waits for the method modal. */
export async function lookUp(page: Page, accountEmail: string, birthDate: string) {
  const dialog = page.getByRole('dialog', { name: RESET_LOOKUP_TITLE });
  await dialog.getByLabel('Email', { exact: true }).fill(accountEmail);
  const [year = '', month = '', day = ''] = birthDate.split('-');
  await dialog.getByLabel('Tanggal', { exact: true }).selectOption(String(Number(day)));
  await dialog.getByLabel('Bulan', { exact: true }).selectOption(String(Number(month)));
  await dialog.getByLabel('Tahun', { exact: true }).selectOption(year);
  await dialog.getByText('Terverifikasi').waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Lanjutkan' }).click();
  return page.getByRole('dialog', { name: 'Pilih Metode Pengiriman Kode' });
}

/** From an open lookup modal: asks for a code by e-mail and waits for the code page. */
export async function requestCodeByEmail(
  page: Page,
  person: { accountEmail: string; birthDate: string },
) {
  const method = await lookUp(page, person.accountEmail, person.birthDate);
  await method.waitFor();
  await method.getByRole('button', { name: 'Kirim kode ke email' }).click();
  await page.waitForURL('**/reset-password/otp');
}

/** Types a code on the code page and sends it. */
export async function enterCode(page: Page, code: string) {
  await page.getByLabel('Kode OTP').fill(code);
  await page.getByRole('button', { name: 'Verifikasi' }).click();
}

/** On the new-password page: sets `password` and waits until the portal says it is changed. */
export async function setNewPassword(page: Page, password: string) {
  await page.getByLabel('Kata sandi baru', { exact: true }).fill(password);
  await page.getByLabel('Ulangi kata sandi baru').fill(password);
  await page.getByRole('button', { name: 'Simpan Kata Sandi' }).click();
  await page.getByRole('heading', { name: 'Kata sandi berhasil diubah' }).waitFor();
}
