import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLookup from '../app/locales/en/account-lookup.json';
import enForms from '../app/locales/en/forms.json';
import enReset from '../app/locales/en/password-reset.json';
import idLookup from '../app/locales/id/account-lookup.json';
import idForms from '../app/locales/id/forms.json';
import idReset from '../app/locales/id/password-reset.json';
import { expectNoAxeViolations } from './axe';
import { DESKTOP, MOBILE, hasBrowser, launchBrowser, newContext, open } from './browser';
import { demoIdentities, type DemoIdentity } from './dev-pages';

/**
 * What a new user meets first, each checked at a phone and a desktop width in both languages.
 * Texts come from the catalogues, so each check reads the language it runs in.
 */
const CATALOGUES = {
  id: { lookup: idLookup, forms: idForms, reset: idReset },
  en: { lookup: enLookup, forms: enForms, reset: enReset },
};
type Language = keyof typeof CATALOGUES;
type Catalogue = (typeof CATALOGUES)[Language];

const COMBINATIONS = [
  { width: 360, viewport: MOBILE, language: 'id' },
  { width: 1280, viewport: DESKTOP, language: 'en' },
  { width: 360, viewport: MOBILE, language: 'en' },
  { width: 1280, viewport: DESKTOP, language: 'id' },
] as const;

/** A catalogue text with the brand filled in, as the app fills it. */
function text(value: string, values: Record<string, string | number> = {}): string {
  return Object.entries({ domain: 'belajar.id', ...values }).reduce(
    (result, [key, replacement]) => result.replaceAll(`{{${key}}}`, String(replacement)),
    value,
  );
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function pickBirthDate(page: Page, texts: Catalogue, isoDate: string) {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  await page.getByLabel(texts.forms.birthDate.day, { exact: true }).selectOption(String(+day));
  await page.getByLabel(texts.forms.birthDate.month, { exact: true }).selectOption(String(+month));
  await page.getByLabel(texts.forms.birthDate.year, { exact: true }).selectOption(year);
}

async function waitForBotCheck(page: Page, texts: Catalogue) {
  await page
    .getByRole('status')
    .filter({ hasText: texts.forms.botCheck.verified })
    .first()
    .waitFor({ timeout: 30_000 });
}

describe.skipIf(!hasBrowser)('what a new user meets first', () => {
  let browser: Browser;
  let identities: Record<DemoIdentity['userType'], DemoIdentity>;
  beforeAll(async () => {
    browser = await launchBrowser();
    identities = await demoIdentities();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Two of the four: each runs eleven lookups, and all share the per-address limit.
  for (const { width, viewport, language } of COMBINATIONS.slice(0, 2)) {
    const texts = CATALOGUES[language];
    it(`says a long wait in minutes or hours, in one sentence (${width} px, ${language})`, async () => {
      const identity = identities.ptk;
      const context = await newContext(browser, { viewport, language });
      const page = await open(context, '/account/lookup/v2');
      await page.getByLabel(texts.lookup.form.npsn, { exact: true }).fill(identity.npsn ?? '');
      await page.getByLabel(texts.lookup.form.name, { exact: true }).fill(`Belum Ada ${width}`);
      await pickBirthDate(page, texts, '1990-01-01');
      await page.getByLabel(texts.lookup.form.motherName, { exact: true }).fill('Siti');
      const alert = page.locator('#lookup-alert');
      // One person may be looked up ten times an hour (DESIGN.md); the eleventh waits.
      for (let attempt = 1; attempt <= 11; attempt += 1) {
        const answered = page.waitForResponse((response) => response.url().includes('/lookup/ptk'));
        await page.getByRole('button', { name: texts.lookup.form.submit }).press('Enter');
        if ((await answered).status() === 429) break;
      }
      const [before, after] = texts.lookup.form.rateLimitedFor.split('{{duration}}');
      const unit = language === 'id' ? '(menit|jam)' : '(minutes?|hours?)';
      await expect
        .poll(() => alert.textContent())
        .toMatch(new RegExp(`^${escape(before ?? '')}\\d+ ${unit}.*${escape(after ?? '')}$`));
      expect(await alert.textContent()).not.toMatch(/detik|seconds/);
      await expectNoAxeViolations(page, `rate limited ${width} px, ${language}`, { fromTop: true });
      await context.close();
    }, 120_000);
  }

  for (const { width, viewport, language } of COMBINATIONS) {
    const texts = CATALOGUES[language];
    const where = `${width} px, ${language}`;

    it(`dates the privacy policy on a real day already past (${where})`, async () => {
      const context = await newContext(browser, { viewport, language });
      const page = await open(context, '/privacy-policy');
      const effective = page.locator('main time').first();
      const day = (await effective.getAttribute('datetime')) ?? '';
      expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(day))).toBe(false);
      expect(Date.parse(day)).toBeLessThanOrEqual(Date.now());
      // Shown as people write a date in the language they read.
      const shown = (await effective.textContent()) ?? '';
      expect(shown).toMatch(/\d{1,2} [A-Z][a-z]+ \d{4}/);
      expect(shown).not.toContain(day);
      await expectNoAxeViolations(page, `privacy policy ${where}`, { fromTop: true });
      await context.close();
    });

    it(`names each field in the error summary (${where})`, async () => {
      const context = await newContext(browser, { viewport, language });
      const page = await open(context, '/account/lookup/v2');
      await page.getByRole('button', { name: texts.lookup.form.submit }).click();
      const summary = page.locator('#error-summary');
      await summary.waitFor();
      const links = await summary.getByRole('link').allTextContents();
      expect(links).toContain(`${texts.lookup.form.school}: ${texts.forms.birthDate.required}`);
      expect(links).toContain(`${texts.lookup.form.name}: ${texts.forms.birthDate.required}`);
      // Every link says which field it leads to: no two read the same.
      expect(new Set(links).size).toBe(links.length);
      for (const link of links) expect(link).toMatch(/^[^:]+: \S/);
      await expectNoAxeViolations(page, `error summary ${where}`, { fromTop: true });
      await context.close();
    });

    it(`answers an unknown reset in one dialog whose words are true for any typo (${where})`, async () => {
      const context = await newContext(browser, { viewport, language });
      const page = await open(context, '/');
      await page.locator('#lupa-kata-sandi').getByRole('button').click();
      const lookup = page.getByRole('dialog', { name: text(texts.reset.lookup.title) });
      await lookup
        .getByLabel(texts.reset.lookup.emailLabel, { exact: true })
        .fill(`belum.ada.${width}.${language}@belajar.id`);
      await pickBirthDate(page, texts, '1990-01-01');
      await waitForBotCheck(page, texts);
      await lookup.getByRole('button', { name: texts.reset.lookup.submit }).click();

      const method = page.getByRole('dialog', { name: texts.reset.method.title });
      await method.waitFor();
      // The choice took the lookup's place: one dialog, one close button, one help link.
      expect(await page.getByRole('dialog').count()).toBe(1);
      expect(await method.getByRole('button', { name: texts.reset.help.link }).count()).toBe(1);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        texts.reset.method.title,
      );
      // True whether the address or the birth date was mistyped, or no contact is on file.
      await method.getByText(text(texts.reset.method.checkData)).waitFor();
      expect(await method.getByText(texts.reset.method.emailNotEligible).count()).toBe(0);
      await expectNoAxeViolations(page, `reset method ${where}`, { fromTop: true });
      await context.close();
    }, 90_000);

    it(`labels what an office's lookup result shows (${where})`, async () => {
      const identity = identities.dinas;
      const office = identity.office;
      if (!office) throw new Error('the Dinas identity has no office');
      const context = await newContext(browser, { viewport, language });
      await context.addInitScript(() => window.localStorage.setItem('portal.userType', 'dinas'));
      const page = await open(context, '/account/lookup/v2');
      await page.getByLabel(texts.lookup.form[office.type], { exact: true }).check();
      const province = page.getByLabel(texts.lookup.form.province, { exact: true });
      await expect.poll(() => province.locator('option').count()).toBeGreaterThan(30);
      await province.selectOption(office.regionCode.slice(0, 2));
      if (office.type === 'kota_kabupaten') {
        await page
          .getByLabel(texts.lookup.form.regency, { exact: true })
          .selectOption(office.regionCode);
      }
      await page.getByLabel(texts.lookup.form.name, { exact: true }).fill(identity.fullName);
      await pickBirthDate(page, texts, identity.birthDate);
      await page
        .getByLabel(texts.lookup.form.motherName, { exact: true })
        .fill(identity.motherName);
      await waitForBotCheck(page, texts);
      await page.getByRole('button', { name: texts.lookup.form.submit }).click();

      const accounts = page.getByTestId('lookup-accounts');
      await accounts.waitFor({ timeout: 30_000 });
      const shown = (await accounts.textContent()) ?? '';
      expect(shown).toContain(
        `${texts.lookup.result.accountKind}: ${texts.lookup.result.kind.dinas}`,
      );
      // "Jenjang" (level) names a school level only; an office has none.
      expect(shown).not.toContain(`${texts.lookup.result.level}:`);
      await expectNoAxeViolations(page, `office result ${where}`, { fromTop: true });
      await context.close();
    }, 90_000);

    it(`shows times with their zone and counts a wait down (${where})`, async () => {
      const zones = { 360: ['Asia/Makassar', 'WITA'], 1280: ['Asia/Jayapura', 'WIT'] } as const;
      const [timezoneId, zone] =
        language === 'id' && width === 1280 ? ['Asia/Jakarta', 'WIB'] : zones[width];
      const context = await newContext(browser, { viewport, language, timezoneId });
      // The state the reset flow stores once a code is sent (reset-flow-storage.ts).
      await context.addInitScript(
        (flow) => window.sessionStorage.setItem('portal.passwordReset', flow),
        JSON.stringify({
          account: {
            token: 'a-token-from-the-lookup',
            email: 'r*****@gmail.com',
            emailEligible: true,
            phone: null,
            phoneEligible: false,
          },
          session: {
            sessionId: 'sesi_0123456789abcdefghij',
            method: 'email',
            sentTo: 'r*****@gmail.com',
            codeExpiresAt: Date.now() + 30 * 60_000,
            resendAvailableAt: Date.now() + 45_000,
            attemptsLeft: 5,
            verifiedUntil: null,
          },
        }),
      );
      const page = await open(context, '/reset-password/otp');
      const prefix = escape(texts.reset.otp.expiresAt.split('{{time}}')[0] ?? '');
      await page.getByText(new RegExp(`^${prefix}\\d{2}[.:]\\d{2} ${zone}\\.$`)).waitFor();

      const countdown = new RegExp(
        escape(texts.reset.otp.resendIn_other).replace('\\{\\{count\\}\\}', '(\\d+)'),
      );
      const button = page.getByRole('button', { name: countdown });
      const first = Number(countdown.exec((await button.textContent()) ?? '')?.[1]);
      await expect
        .poll(async () => Number(countdown.exec((await button.textContent()) ?? '')?.[1]))
        .toBeLessThan(first);
      await expectNoAxeViolations(page, `otp page ${where}`, { fromTop: true });
      await context.close();
    });
  }
});
