import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import en from '../app/locales/en/sign-in.json';
import id from '../app/locales/id/sign-in.json';
import { expectNoAxeViolations } from './axe';
import type { DemoSignInAccount } from './dev-pages';

// The provider's sign-in page and the steps after the password, as a visitor goes through them.

const TEXTS = { id, en };
const text = (value: string) => value.replaceAll('{{domain}}', 'belajar.id');

export async function signInWithPassword(
  page: Page,
  language: 'id' | 'en',
  account: DemoSignInAccount,
) {
  const t = TEXTS[language];
  await page.getByRole('heading', { level: 1, name: text(t.title) }).waitFor({ timeout: 30_000 });
  await page.getByLabel(text(t.email)).fill(account.email);
  await page.getByLabel(t.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t.submit, exact: true }).click();
}

export async function chooseNewPassword(
  page: Page,
  language: 'id' | 'en',
  password: string,
  where: string,
) {
  const t = TEXTS[language].steps.newPassword;
  const heading = page.getByRole('heading', { level: 1, name: t.title });
  await heading.waitFor({ timeout: 30_000 });
  // Focus moves to the step's heading, so a screen reader starts there.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  await page.getByLabel(t.label, { exact: true }).fill('password123');
  await page.getByLabel(t.confirmLabel, { exact: true }).fill('password123');
  await page.getByRole('button', { name: t.submit }).click();
  // A common password is refused by the server, on its field.
  await expect
    .poll(() => page.getByLabel(t.label, { exact: true }).getAttribute('aria-invalid'))
    .toBe('true');
  await expectNoAxeViolations(page, `new password ${where}`);
  await page.getByLabel(t.label, { exact: true }).fill(password);
  await page.getByLabel(t.confirmLabel, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.submit }).click();
}

/**
 * A staff member's enrolment of the authenticator app: reads the secret off the page, answers a
 * wrong code then the right one, keeps the first recovery code and confirms they are saved.
 */
export async function enrolAuthenticator(page: Page, language: 'id' | 'en', where: string) {
  const t = TEXTS[language].steps;
  await page.getByRole('heading', { level: 1, name: t.totpEnrol.title }).waitFor();
  const qr = page.getByRole('img', { name: t.totpEnrol.qrAlt });
  await qr.waitFor();
  // The QR code is the page's own SVG: drawn at once, no second request.
  expect(await qr.evaluate((box) => box.querySelector('svg')?.getBoundingClientRect().width)).toBe(
    200,
  );
  const secret = (
    (await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent()) ?? ''
  ).replaceAll(' ', '');
  expect(secret.length).toBeGreaterThanOrEqual(16);
  await expectNoAxeViolations(page, `authenticator enrolment ${where}`);
  await page.getByLabel(t.code.label).fill('000000');
  await page.getByRole('button', { name: t.code.submit }).click();
  await page.getByRole('alert').filter({ hasText: /\S/ }).first().waitFor();
  await page.getByLabel(t.code.label).fill(await generate({ secret }));
  await page.getByRole('button', { name: t.code.submit }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await page.getByRole('heading', { level: 1, name: t.recovery.title }).waitFor();
  expect(await codes.count()).toBe(10);
  const recoveryCode = (await codes.first().textContent()) ?? '';
  await expectNoAxeViolations(page, `recovery codes ${where}`);
  await page.getByRole('link', { name: t.recovery.saved }).click();
  return { secret, recoveryCode };
}
