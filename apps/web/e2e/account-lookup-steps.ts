import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { MOBILE, newContext, open } from './browser';
import { mainDevPages, type DemoIdentity, type DevPages, type MailboxMessage } from './dev-pages';

// The account lookup (`/account/lookup/v2`) as a visitor goes through it.

export const LOOKUP_PATH = '/account/lookup/v2';

type UserType = DemoIdentity['userType'];

/** Types like a person: focus the field, then key by key. */
export async function typeInto(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.focus();
  await field.pressSequentially(text, { delay: 5 });
}

export async function pickBirthDate(page: Page, isoDate: string) {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  await page.getByLabel('Tanggal', { exact: true }).selectOption(String(Number(day)));
  await page.getByLabel('Bulan', { exact: true }).selectOption(String(Number(month)));
  await page.getByLabel('Tahun', { exact: true }).selectOption(year);
}

/**
 * The birth date's selects narrower than their widest option (a placeholder or a month name
 * cut short): each is measured against a copy of itself at its natural width.
 */
export function truncatedBirthDateSelects(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLSelectElement>('select[id*="birthDate"]')]
      .filter((select) => {
        const copy = select.cloneNode(true) as HTMLSelectElement;
        copy.removeAttribute('id');
        Object.assign(copy.style, { width: 'auto', position: 'absolute', visibility: 'hidden' });
        document.body.append(copy);
        const natural = copy.getBoundingClientRect().width;
        copy.remove();
        return select.getBoundingClientRect().width + 0.5 < natural;
      })
      .map((select) => select.id),
  );
}

/** The lookup page in `context`, open on the user type the visitor picked earlier. */
export async function openLookupIn(context: BrowserContext, userType: UserType): Promise<Page> {
  await context.addInitScript((type) => {
    window.localStorage.setItem('portal.userType', type);
  }, userType);
  const page = await open(context, LOOKUP_PATH);
  await expect.poll(() => page.getByTestId(`user-type-${userType}`).isChecked()).toBe(true);
  return page;
}

/** A fresh context with the lookup page open on `userType`. */
export async function openLookup(browser: Browser, userType: UserType, viewport = MOBILE) {
  const context = await newContext(browser, { viewport });
  return { context, page: await openLookupIn(context, userType) };
}

export async function fillSchoolByNpsn(page: Page, identity: DemoIdentity) {
  await typeInto(page, 'NPSN sekolah', identity.npsn ?? '');
  await page.getByText(`Sekolah: ${identity.schoolName}`).waitFor();
}

export async function fillSchoolByName(page: Page, identity: DemoIdentity) {
  await page.getByLabel('Nama sekolah', { exact: true }).first().check();
  const search = page.getByRole('combobox', { name: 'Nama sekolah' });
  await search.focus();
  await search.pressSequentially(identity.schoolName ?? '', { delay: 5 });
  await page.getByRole('listbox').waitFor();
  // Arrow down through the options until the one with this NPSN is active, then Enter.
  for (let step = 0; step < 25; step += 1) {
    await search.press('ArrowDown');
    const active = await search.getAttribute('aria-activedescendant');
    const text = active ? await page.locator(`#${active}`).textContent() : '';
    if (text?.includes(`NPSN ${identity.npsn}`)) break;
  }
  await search.press('Enter');
  await page.getByText(`Sekolah dipilih: ${identity.schoolName} (NPSN ${identity.npsn})`).waitFor();
}

export async function fillDinasOffice(page: Page, identity: DemoIdentity) {
  const office = identity.office;
  if (!office) throw new Error('the Dinas identity has no office');
  await page
    .getByLabel(
      office.type === 'provinsi' ? 'Dinas Pendidikan Provinsi' : 'Dinas Pendidikan Kabupaten/Kota',
    )
    .check();
  const province = page.getByLabel('Provinsi', { exact: true });
  await expect.poll(() => province.locator('option').count()).toBeGreaterThan(30);
  await province.selectOption(office.regionCode.slice(0, 2));
  if (office.type === 'kota_kabupaten') {
    await page.getByLabel('Kabupaten/Kota', { exact: true }).selectOption(office.regionCode);
  }
}

export async function fillPerson(
  page: Page,
  identity: DemoIdentity,
  motherName = identity.motherName,
) {
  await typeInto(page, 'Nama lengkap', identity.fullName);
  await pickBirthDate(page, identity.birthDate);
  await typeInto(page, 'Nama ibu kandung', motherName);
}

/** Submits once the bot check has passed. */
export async function submit(page: Page) {
  await page.getByRole('status').filter({ hasText: 'Terverifikasi' }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Cari Akun' }).press('Enter');
}

/** Waits for the result that names the identity's learning account. */
export async function waitForResult(page: Page, identity: DemoIdentity) {
  await page.getByRole('heading', { name: 'Hasil Pencarian Akun' }).waitFor({ timeout: 30_000 });
  await expect
    .poll(() => page.getByTestId('lookup-accounts').textContent())
    .toContain(identity.accountEmail);
}

/** From the result: sends the account details to the address on file; the mail, once it is sent. */
export async function sendDetails(
  page: Page,
  identity: DemoIdentity,
  dev: DevPages = mainDevPages,
): Promise<MailboxMessage> {
  const before = Date.now();
  await page.getByRole('button', { name: 'Kirim detail akun ke email' }).click();
  await page.getByText(/Detail akun telah dikirim ke/).waitFor();
  return dev.waitForMessage('account-details', before, (message) =>
    message.bodyText.includes(identity.accountEmail),
  );
}
