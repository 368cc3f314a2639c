import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOOKUP_PATH,
  fillDinasOffice,
  fillPerson,
  fillSchoolByName,
  fillSchoolByNpsn,
  openLookup,
  pickBirthDate,
  sendDetails,
  submit,
  truncatedBirthDateSelects,
  typeInto,
  waitForResult,
} from './account-lookup-steps';
import {
  DESKTOP,
  MOBILE,
  hasBrowser,
  horizontalOverflow,
  launchBrowser,
  newContext,
} from './browser';
import { expectNoAxeViolations } from './axe';
import { demoIdentities, waitForMessage, type DemoIdentity } from './dev-pages';

type UserType = DemoIdentity['userType'];
type Identity = DemoIdentity;

let identities: Record<UserType, Identity>;

async function expectNoHorizontalScroll(page: Page) {
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
}

/** Lookup -> details mail -> e-mail change confirmed by the code sent to the new address. */
async function fullJourney(page: Page, identity: Identity, where: string) {
  await waitForResult(page, identity);
  await expect.poll(() => page.getByTestId('lookup-masked-email').textContent()).toMatch(/\*/);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, `${where} result`);

  const details = await sendDetails(page, identity);
  const oldAddress = details.recipient;

  await page.getByRole('button', { name: 'Ubah email pribadi' }).click();
  const newAddress = `lookup-${identity.userType}-${Date.now()}@example.org`;
  await typeInto(page, 'Email pribadi baru', newAddress);
  const beforeChange = Date.now();
  await page.getByRole('button', { name: 'Kirim kode' }).press('Enter');
  await page.getByText(/Kode verifikasi telah dikirim ke/).waitFor({ timeout: 15_000 });
  const codeMail = await waitForMessage(
    'email-change-code',
    beforeChange,
    (message) => message.recipient === newAddress,
  );
  const code = /Kode verifikasi Anda: (\d{6})/.exec(codeMail.bodyText)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  const codeField = page.getByLabel('Kode verifikasi', { exact: true });
  expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
  expect(await codeField.getAttribute('inputmode')).toBe('numeric');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.id))
    .toBe('lookup-email-code');
  await page.keyboard.type(code ?? '');
  // The approval code went to the address already on file: only its owner can move it.
  const approvalMail = await waitForMessage(
    'email-change-current-code',
    beforeChange,
    (message) => message.recipient === oldAddress,
  );
  const approval = /kode persetujuan ini: (\d{6})/.exec(approvalMail.bodyText)?.[1];
  expect(approval).toMatch(/^\d{6}$/);
  await page.getByLabel('Kode persetujuan', { exact: true }).fill(approval ?? '');
  await page.keyboard.press('Enter');
  const confirmed = page.getByText(/Email pribadi Anda telah diubah menjadi/);
  await confirmed.waitFor();
  // Every place on the page shows the new masked address now, not the old one.
  const masked = /menjadi (\S+)\./.exec((await confirmed.textContent()) ?? '')?.[1] ?? '';
  expect(masked).toMatch(/\*/);
  expect(await page.getByTestId('lookup-masked-email').textContent()).toBe(masked);
  expect(await page.locator('#lookup-details-email').inputValue()).toBe(masked);
  const notice = await waitForMessage(
    'email-changed-notice',
    beforeChange,
    (message) => message.recipient === oldAddress,
  );
  expect(notice.recipient).not.toBe(newAddress);
  await expectNoAxeViolations(page, `${where} e-mail changed`);
}

describe.skipIf(!hasBrowser)('account lookup journeys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    identities = await demoIdentities();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('PTK at 360 px: school by NPSN, keyboard, error summary, result, details mail, e-mail change', async () => {
    const identity = identities.ptk;
    const { context, page } = await openLookup(browser, 'ptk', MOBILE);
    await expectNoAxeViolations(page, 'ptk form 360');
    await expectNoHorizontalScroll(page);

    // An empty submission: the summary takes focus and its links lead to the fields.
    await page.getByRole('button', { name: 'Cari Akun' }).click();
    const summary = page.getByRole('heading', { name: 'Ada yang perlu diperbaiki' });
    await summary.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toContain('Ada yang perlu diperbaiki');
    await expectNoAxeViolations(page, 'ptk error summary 360');
    await page.getByRole('link', { name: 'Sekolah: Wajib Diisi', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('lookup-npsn');

    await fillSchoolByNpsn(page, identity);
    await fillPerson(page, identity);
    await submit(page);
    await fullJourney(page, identity, 'ptk 360');
    await context.close();
  }, 180_000);

  it('PD at 1280 px: school by name through the combobox, result, details mail, e-mail change', async () => {
    const identity = identities.pd;
    const { context, page } = await openLookup(browser, 'pd', DESKTOP);
    await fillSchoolByName(page, identity);
    await expectNoAxeViolations(page, 'pd form 1280');
    await fillPerson(page, identity);
    await submit(page);
    await fullJourney(page, identity, 'pd 1280');
    await context.close();
  }, 180_000);

  it('Dinas at 360 px: office by region, result, details mail, e-mail change', async () => {
    const identity = identities.dinas;
    const { context, page } = await openLookup(browser, 'dinas', MOBILE);
    await fillDinasOffice(page, identity);
    await expectNoAxeViolations(page, 'dinas form 360');
    await fillPerson(page, identity);
    await submit(page);
    await fullJourney(page, identity, 'dinas 360');
    await context.close();
  }, 180_000);

  it('keeps what the visitor picked and typed in the form before its script ran (360 px)', async () => {
    const context = await newContext(browser, { viewport: MOBILE });
    // A slow network: the page's scripts arrive only once the visitor has filled some fields.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(LOOKUP_PATH, { waitUntil: 'commit' });
    await page.getByLabel('Tanggal', { exact: true }).waitFor();
    await pickBirthDate(page, '2001-02-28');
    await page.getByLabel('Tanggal', { exact: true }).selectOption('31');
    await page.locator('#lookup-name').fill('Budi Santoso');
    release();
    await page.waitForSelector('html[data-hydrated="true"]');
    // The form holds it all: the impossible date is caught as if picked after the script ran.
    await page.getByText('Tanggal Tidak Valid').waitFor();
    expect(await page.locator('#lookup-name').inputValue()).toBe('Budi Santoso');
    expect(await page.getByLabel('Bulan', { exact: true }).inputValue()).toBe('2');
    await context.close();
  }, 120_000);

  it('keeps what was typed into the form while its part was still on its way (360 px)', async () => {
    // Blocked: a returning visitor's worker would answer the part's script from its cache, and
    // the journey must hold it back.
    const context = await newContext(browser, { viewport: MOBILE, serviceWorkers: 'block' });
    // The page hydrates; the form's own code (a part) arrives only after the typing.
    let release!: () => void;
    const partHeld = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/assets/lookup-area-*.js', async (route) => {
      await partHeld;
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(LOOKUP_PATH);
    await page.waitForSelector('html[data-hydrated="true"]');
    await pickBirthDate(page, '2001-02-28');
    await page.locator('#lookup-name').fill('Budi Santoso');
    release();
    // React marks each element it has hydrated with a property of this prefix.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('#lookup-name') ?? {}).some((key) =>
        key.startsWith('__reactFiber$'),
      ),
    );
    await page.getByRole('button', { name: 'Cari Akun' }).click();
    // The form holds what it was given before it hydrated: only the school is asked for, and
    // the picker's selects (React's state) keep the date through the render that says so.
    await page.locator('#lookup-npsn[aria-invalid="true"]').waitFor();
    expect(await page.locator('#lookup-name').inputValue()).toBe('Budi Santoso');
    expect(await page.getByLabel('Bulan', { exact: true }).inputValue()).toBe('2');
    expect(await page.getByLabel('Tahun', { exact: true }).inputValue()).toBe('2001');
    expect(await page.locator('#lookup-name').getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#lookup-birthDate-day').getAttribute('aria-invalid')).toBeNull();
    await context.close();
  }, 120_000);

  for (const [label, viewport] of [
    ['360', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    it(`not found says so in a red alert, in English too, an impossible date says Tanggal Tidak Valid (${label} px)`, async () => {
      const identity = identities.ptk;
      const { context, page } = await openLookup(browser, 'ptk', viewport);
      await pickBirthDate(page, '2001-02-28');
      // 31 February: the picker says so.
      await page.getByLabel('Tanggal', { exact: true }).selectOption('31');
      await page.getByText('Tanggal Tidak Valid').waitFor();
      expect(await page.getByLabel('Tanggal', { exact: true }).getAttribute('aria-invalid')).toBe(
        'true',
      );
      await expectNoAxeViolations(page, `invalid date ${label}`);

      await page.reload();
      await page.waitForSelector('html[data-hydrated="true"]');
      await fillSchoolByNpsn(page, identity);
      await fillPerson(page, identity, `${identity.motherName} Bukan`);
      await submit(page);
      const alert = page.getByRole('alert').filter({ hasText: 'Akun tidak ditemukan' });
      await alert.waitFor({ timeout: 30_000 });
      // It says what to do next.
      await alert.getByText(/Jika sudah sama, minta operator sekolah Anda/).waitFor();
      expect(await alert.evaluate((node) => getComputedStyle(node).color)).toBe('rgb(179, 38, 30)');
      // From the top: axe counts whatever a scroll left under the sticky navbar as obscured.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page, `not found ${label}`);

      // The server answers in Indonesian (SPEC §8); an English visitor reads it in English,
      // the alert already shown included, and the next lookup too.
      await page.getByRole('button', { name: 'English' }).click();
      await page.waitForSelector('html[lang="en"]');
      await page.getByRole('alert').filter({ hasText: 'Account not found' }).waitFor();
      // Every choice of the birth date reads whole in English: its placeholder, "September".
      expect(await truncatedBirthDateSelects(page)).toEqual([]);
      await page.getByRole('status').filter({ hasText: 'Verified' }).waitFor({ timeout: 30_000 });
      const answered = page.waitForResponse(
        (response) => response.url().includes('/lookup/ptk') && response.status() === 404,
      );
      await page.getByRole('button', { name: 'Find account' }).press('Enter');
      const body = (await (await answered).json()) as { message: string };
      expect(body.message).toBe('Akun tidak ditemukan');
      const english = page.getByRole('alert').filter({ hasText: 'Account not found' });
      await english.waitFor();
      expect(await english.textContent()).toMatch(
        /^Account not found.*If they do, ask your school/,
      );
      await context.close();
    }, 90_000);
  }
});
