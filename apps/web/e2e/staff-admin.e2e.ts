import { CONSOLE_SECTION_PAGES } from '@portal/contracts/web-routes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../app/locales/en/console.json';
import id from '../app/locales/id/console.json';
import resetEn from '../app/locales/en/password-reset.json';
import signInId from '../app/locales/id/sign-in.json';
import { expectNoAxeViolations } from './axe';
import { DESKTOP, MOBILE, hasBrowser, launchBrowser, newContext, open } from './browser';
import { demoSignInAccounts, waitForMessage, type DemoSignInAccount } from './dev-pages';
import { chooseNewPassword, enrolAuthenticator, signInWithPassword } from './sign-in-steps';

// End to end: the demo staff admin invites a reviewer, who accepts the mailed link,
// signs in and sees only the office requests; the admin withdraws the role (the member's next
// call shows it) and disables the member; the audit trail shows the change with its before and
// after. Every console page is scanned at 360 px (id) and 1280 px (en).

const run = Date.now().toString(36);
const INVITEE_PASSWORD = 'Gado-gado Jakarta Selatan 17';
const ADMIN_PASSWORD = 'Soto Betawi di Menteng 21';

/** Presses Tab until the focused element matches the selector, as a keyboard user gets there. */
async function tabTo(page: Page, selector: string) {
  for (let step = 0; step < 30; step += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((css) => document.activeElement?.matches(css) ?? false, selector)) {
      return;
    }
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The elements that reach past the right edge of the page (a phone would scroll sideways). */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.slice(0, 60)}`),
  );

/** The section links the console's navigation offers. */
const sectionLinks = (page: Page, label: string) =>
  page.getByRole('navigation', { name: label }).getByRole('link').allTextContents();

describe.skipIf(!hasBrowser)('staff administration in the console', () => {
  let browser: Browser;
  let admin: DemoSignInAccount;
  let adminContext: BrowserContext;
  let adminPage: Page;
  let inviteeContext: BrowserContext;
  let inviteePage: Page;
  let invitee = '';
  let memberPage = '';
  let recoveryCode = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = (await demoSignInAccounts())['staff-admin'];
    invitee = `e2e.peninjau.${run}@${admin.email.split('@')[1]}`;
  });
  afterAll(async () => {
    await inviteeContext?.close();
    await adminContext?.close();
    await browser?.close();
  });

  it('invites a reviewer, who sets a password by keyboard at 360 px, signs in and sees only the office requests', async () => {
    adminContext = await newContext(browser, { viewport: DESKTOP, language: 'en' });
    adminPage = await open(adminContext, '/konsol');
    await signInWithPassword(adminPage, 'en', admin);
    await chooseNewPassword(adminPage, 'en', ADMIN_PASSWORD, 'staff admin 1280 en');
    ({ recoveryCode } = await enrolAuthenticator(adminPage, 'en', 'staff admin 1280 en'));
    // The console lands on the admin's first section.
    await adminPage.waitForURL(/\/konsol\/staf$/, { timeout: 30_000 });
    await adminPage.getByRole('heading', { level: 1, name: en.sections.staff }).waitFor();
    expect(await sectionLinks(adminPage, en.nav.label)).toEqual([
      en.sections.staff,
      en.sections.audit,
    ]);
    await adminPage.getByText(en.bar.roles.replace('{{roles}}', en.roles['staff-admin'])).waitFor();
    // The admin's own row has no way to change the admin.
    const own = adminPage.getByRole('listitem').filter({ hasText: admin.email });
    await own.waitFor();
    expect(await own.getByRole('link').count()).toBe(0);

    const since = Date.now();
    await adminPage.getByLabel(en.staff.email).fill(invitee);
    await adminPage.getByRole('checkbox', { name: new RegExp(en.roles.reviewer) }).check();
    await adminPage.getByRole('button', { name: en.staff.invite }).click();
    await adminPage.getByText(`Invitation sent to ${invitee}.`, { exact: false }).waitFor();
    await expectNoAxeViolations(adminPage, 'staff invited 1280 en');
    const mail = await waitForMessage('staff-invitation', since, (m) => m.recipient === invitee);
    const link = /\/konsol\/undangan#t=[\w-]+/.exec(mail.bodyText)?.[0];
    expect(link).toBeDefined();

    // The invited person, on a phone in English, by keyboard only.
    inviteeContext = await newContext(browser, { viewport: MOBILE, language: 'en' });
    inviteePage = await open(inviteeContext, link!);
    await inviteePage.getByRole('heading', { level: 1, name: en.invitation.title }).waitFor();
    expect(inviteePage.url()).not.toContain('#t=');
    await expectNoAxeViolations(inviteePage, 'invitation 360 en');
    await tabTo(inviteePage, 'input[autocomplete="new-password"]');
    await inviteePage.keyboard.type(INVITEE_PASSWORD);
    await inviteePage.keyboard.press('Tab');
    await inviteePage.keyboard.type('not the same');
    await inviteePage.keyboard.press('Enter');
    await inviteePage.getByText(resetEn.newPassword.mismatch).waitFor();
    await inviteePage.keyboard.press('Control+A');
    await inviteePage.keyboard.type(INVITEE_PASSWORD);
    await inviteePage.keyboard.press('Enter');
    const done = inviteePage.getByRole('heading', { name: en.invitation.doneTitle });
    await done.waitFor();
    await expect.poll(() => inviteePage.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    await expectNoAxeViolations(inviteePage, 'invitation accepted 360 en');
    await tabTo(inviteePage, 'a[href^="/auth/login"]');
    await inviteePage.keyboard.press('Enter');
    await signInWithPassword(inviteePage, 'en', {
      role: 'reviewer',
      email: invitee,
      password: INVITEE_PASSWORD,
    });
    await enrolAuthenticator(inviteePage, 'en', 'invited reviewer 360 en');
    await inviteePage.waitForURL(/\/konsol\/pengajuan-dinas$/, { timeout: 30_000 });
    await inviteePage.getByRole('heading', { level: 1, name: en.requests.title }).waitFor();
    // Below md the sections are behind a disclosure button; the reviewer has one.
    const menu = inviteePage.getByRole('button', {
      name: en.nav.current.replace('{{section}}', en.sections['office-requests']),
    });
    await menu.focus();
    await inviteePage.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const links = inviteePage.getByRole('navigation', { name: en.nav.label }).getByRole('link');
    expect(await links.allTextContents()).toEqual([en.sections['office-requests']]);
    expect(await links.first().getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(inviteePage, 'reviewer console menu open 360 en');
    await inviteePage.keyboard.press('Tab');
    await inviteePage.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);

    // Another section by its address: a clear refusal, not a broken page.
    await inviteePage.goto(CONSOLE_SECTION_PAGES.toggles);
    await inviteePage.getByRole('heading', { level: 1, name: en.sections.toggles }).waitFor();
    await inviteePage.getByRole('alert').filter({ hasText: en.notYourSection.title }).waitFor();
    await expectNoAxeViolations(inviteePage, 'not your section 360 en');
    expect(await overflowing(inviteePage)).toEqual([]);
    await inviteePage.goto(CONSOLE_SECTION_PAGES['office-requests']);
    await inviteePage.getByRole('heading', { level: 1, name: en.requests.title }).waitFor();
  }, 240_000);

  it("withdraws the role (the member's next call shows it), disables the member, and the audit trail shows the change", async () => {
    expect(inviteePage).toBeDefined();
    await adminPage.reload();
    const row = adminPage.getByRole('listitem').filter({ hasText: invitee });
    await row.getByText(en.staff.statuses.active).waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain(en.roles.reviewer);
    await row.getByRole('link', { name: en.staff.manage.replace('{{email}}', invitee) }).click();
    await adminPage.getByRole('heading', { level: 1, name: invitee }).waitFor();
    memberPage = new URL(adminPage.url()).pathname;
    expect(memberPage).toMatch(/^\/konsol\/staf\/\d+$/);
    await expectNoAxeViolations(adminPage, 'staff member 1280 en');
    await adminPage.getByRole('checkbox', { name: new RegExp(en.roles.reviewer) }).uncheck();
    await adminPage.getByRole('button', { name: en.staff.saveRoles }).click();
    await adminPage.getByText(en.staff.rolesSaved).waitFor();

    // The member asks for another page of requests: refused, and the console follows.
    await inviteePage.getByLabel(en.requests.status).selectOption('approved');
    await inviteePage.getByRole('button', { name: en.requests.apply }).click();
    await inviteePage.getByRole('alert').filter({ hasText: en.notYourSection.title }).waitFor();
    expect(await inviteePage.getByRole('navigation', { name: en.nav.label }).count()).toBe(0);
    await inviteePage.getByText(en.bar.noRoles).waitFor();

    await adminPage.getByRole('button', { name: en.staff.disable }).click();
    const confirm = adminPage.getByRole('dialog', {
      name: en.staff.confirmDisable.replace('{{email}}', invitee),
    });
    await confirm.waitFor();
    await expectNoAxeViolations(adminPage, 'disable confirmation 1280 en');
    await confirm.getByRole('button', { name: en.staff.yesDisable }).click();
    await adminPage.getByText(en.staff.disabledNote).waitFor();
    await adminPage.getByText(en.staff.statuses.disabled, { exact: true }).waitFor();
    // Disabled: the member's sessions ended with it, the portal's with the provider's, so the
    // console sends them to the sign-in page at their next visit.
    await inviteePage.reload();
    await inviteePage.waitForURL(/\/oidc\/interaction\/[\w-]+$/, { timeout: 30_000 });

    await adminPage
      .getByRole('navigation', { name: en.nav.label })
      .getByRole('link', { name: en.sections.audit })
      .click();
    await adminPage.getByRole('heading', { level: 1, name: en.sections.audit }).waitFor();
    await adminPage.getByLabel(en.audit.actor).fill(admin.email);
    await adminPage.getByLabel(en.audit.action).selectOption('staff.roles');
    await adminPage.getByRole('button', { name: en.audit.apply }).click();
    const entry = adminPage
      .getByRole('list', { name: en.audit.caption })
      .getByRole('listitem')
      .filter({ hasText: en.audit.actions.staff_roles })
      .first();
    // Fields and values in words, not as stored.
    const roles = entry.getByRole('row', { name: new RegExp(`^${en.audit.fields.roles}`) });
    await roles.waitFor({ timeout: 30_000 });
    expect(await roles.getByRole('cell').allTextContents()).toEqual([
      en.roles.reviewer,
      en.audit.emptyList,
    ]);
    expect(await entry.textContent()).toContain(`outcome: ${en.audit.outcomes.done}`);
    expect(await entry.textContent()).toContain(admin.email);
    await expectNoAxeViolations(adminPage, 'audit trail 1280 en');
    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByRole('button', { name: en.audit.export }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('jejak-audit.csv');
  }, 120_000);

  it('passes axe on every console page at 360 and 1280 px, in English and in Indonesian', async () => {
    expect(memberPage).not.toBe('');
    const pages = [
      '/konsol',
      ...Object.values(CONSOLE_SECTION_PAGES),
      `${CONSOLE_SECTION_PAGES['office-requests']}/1`,
      memberPage,
    ];
    for (const path of pages) {
      await adminPage.goto(path);
      await adminPage.locator('h1').first().waitFor();
      await adminPage.getByText(admin.email, { exact: false }).first().waitFor();
      await expectNoAxeViolations(adminPage, `${path} 1280 en`);
      await adminPage.setViewportSize(MOBILE);
      await expectNoAxeViolations(adminPage, `${path} 360 en`);
      expect(await overflowing(adminPage), `${path} 360 en`).toEqual([]);
      await adminPage.setViewportSize(DESKTOP);
    }
    // On a phone in Indonesian: the admin signs in again, with a recovery code.
    const phone = await newContext(browser, { viewport: MOBILE, language: 'id' });
    const later = await open(phone, '/konsol');
    await signInWithPassword(later, 'id', { ...admin, password: ADMIN_PASSWORD });
    await later.getByRole('heading', { level: 1, name: signInId.steps.totp.title }).waitFor();
    await later.getByRole('button', { name: signInId.steps.totp.useRecovery }).click();
    await later.getByLabel(signInId.steps.recovery.label).fill(recoveryCode);
    await later.getByRole('button', { name: signInId.steps.code.submit }).click();
    await later.waitForURL(/\/konsol\/staf$/, { timeout: 30_000 });
    for (const path of pages) {
      await later.goto(path);
      await later.locator('h1').first().waitFor();
      await later.getByRole('button', { name: id.bar.signOut }).waitFor();
      await expectNoAxeViolations(later, `${path} 360 id`);
      expect(await overflowing(later), path).toEqual([]);
      await later.setViewportSize(DESKTOP);
      await expectNoAxeViolations(later, `${path} 1280 id`);
      await later.setViewportSize(MOBILE);
    }
    // The staff section's page in Indonesian, reached by the menu.
    await later.goto(CONSOLE_SECTION_PAGES.audit);
    await later.getByRole('heading', { level: 1, name: id.sections.audit }).waitFor();
    const menu = later.getByRole('button', {
      name: id.nav.current.replace('{{section}}', id.sections.audit),
    });
    await menu.click();
    await expectNoAxeViolations(later, 'console menu open 360 id');
    await later
      .getByRole('navigation', { name: id.nav.label })
      .getByRole('link', { name: id.sections.staff })
      .click();
    await later.getByRole('heading', { level: 1, name: id.sections.staff }).waitFor();
    // The navigation closed the menu, whose button now names the staff section.
    const moved = later.getByRole('button', {
      name: id.nav.current.replace('{{section}}', id.sections.staff),
    });
    expect(await moved.getAttribute('aria-expanded')).toBe('false');
    await phone.close();
  }, 300_000);
});
