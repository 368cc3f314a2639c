import type { Page } from 'playwright-core';
import en from '../app/locales/en/common.json';
import id from '../app/locales/id/common.json';

const COMMON = { id, en };

/** Opens the auth modal in request mode from the navbar (its menu below the desktop width). */
export async function openRequestModal(page: Page, mobile: boolean, language: 'id' | 'en' = 'id') {
  const { nav, authModal } = COMMON[language];
  await page.goto('/');
  await page.waitForSelector('html[data-hydrated="true"]');
  if (mobile) {
    await page.getByRole('button', { name: nav.menu, exact: true }).click();
    await page
      .getByRole('navigation', { name: nav.mobileLabel })
      .getByText(nav.requestStudentAccounts)
      .click();
  } else {
    await page.getByRole('button', { name: nav.schoolAdmin }).click();
    await page.getByRole('menuitem', { name: nav.requestStudentAccounts }).click();
  }
  // Titled by the reason (SPEC §8): 'Akun salah' once a signed-in account may not go on.
  const dialog = page
    .getByRole('dialog', { name: authModal.title.replaceAll('{{domain}}', 'belajar.id') })
    .or(page.getByRole('dialog', { name: authModal.wrongAccount }));
  await dialog.waitFor();
  return dialog;
}
