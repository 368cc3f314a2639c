import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_SIGN_IN_MESSAGES } from '@portal/contracts/badge-sign-in-messages';
import commonId from '../app/locales/id/common.json';
import adminEn from '../app/locales/en/school-admin.json';
import adminId from '../app/locales/id/school-admin.json';
import en from '../app/locales/en/sign-in.json';
import id from '../app/locales/id/sign-in.json';
import methodsId from '../app/locales/id/sign-in-methods.json';
import { expectNoAxeViolations } from './axe';
import {
  awaitBatchAndDownload,
  browserWithCamera,
  browserWithPatternCamera,
  browserWithRefusedCamera,
  qrVideo,
  type PrintedCard,
} from './badge-steps';
import {
  DESKTOP,
  MOBILE,
  hasBrowser,
  horizontalOverflow,
  launchBrowser,
  newContext,
  open,
} from './browser';
import { PLATFORM_SIGN_IN_LINK, startDemoPlatform, type DemoPlatform } from './demo-platform';
import { devPages, type DemoIdentity } from './dev-pages';
import { answerAppCode, enrolAppOnMethodsPage } from './second-factor-steps';
import { signInWithPassword } from './sign-in-steps';

// A young student signs in to the demo platform with a printed badge. The demo school admin,
// with a second factor, makes badges on the badges page (a whole class, then the student alone),
// follows their making and downloads each PDF of cards; Chromium's fake camera plays the QR code
// read from the student's card in that PDF, the page reads it (zxing-wasm: Debian's Chromium has
// no barcode detector), the child sees their name and school and taps "Ini saya". The short code
// typed with the school's NPSN works without the camera. The admin then ends the badge on the
// page, by keyboard, and the same card is refused.
// A server of its own: it registers the demo platform, which allows badge sign-in, and its
// database is new, so the demo admin holds no second factor whatever ran before this file.

const TEXTS = { id, en };
const ADMIN = { id: adminId, en: adminEn };

describe.skipIf(!hasBrowser)('signing in to a platform with a printed badge', () => {
  let demo: DemoPlatform;
  let child: DemoIdentity;
  let videos: string;
  let adminBrowser: Browser;
  /** The admin's page, signed in with the second factor, kept from making to ending. */
  let admin: Page;
  /** The child's card, from the PDF of the badge made for the child alone. */
  let card: PrintedCard;
  let cardCamera: Browser;
  /** Chromium's own test pattern: a camera that is on and shows no card. */
  let patternCamera: Browser;
  /** A camera the browser asks before using, which headless Chromium refuses. */
  let refusedCamera: Browser;

  beforeAll(async () => {
    demo = await startDemoPlatform();
    child = (await devPages(demo.server.url).demoIdentities()).pd;
    videos = mkdtempSync(path.join(tmpdir(), 'badge-camera-'));
    adminBrowser = await launchBrowser();
    patternCamera = await browserWithPatternCamera();
    refusedCamera = await browserWithRefusedCamera();
  }, 240_000);

  afterAll(async () => {
    await adminBrowser?.close();
    await cardCamera?.close();
    await patternCamera?.close();
    await refusedCamera?.close();
    demo?.stop();
    if (videos) rmSync(videos, { recursive: true, force: true });
  });

  /** The badges page has no violation and fits the window. */
  const checkAdminPage = async (where: string) => {
    expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(admin, `badges page ${where}`);
  };

  /** The student's row in the list, found by name. */
  const childRow = (page: Page) =>
    page.getByRole('listitem').filter({ has: page.getByText(child.fullName, { exact: true }) });

  /** From the platform's home to the badge step, through the password page's offer. */
  async function toBadgeStep(browser: Browser, viewport: typeof MOBILE, language: 'id' | 'en') {
    const t = TEXTS[language];
    const context = await newContext(browser, {
      viewport,
      language,
      origin: demo.server.url,
      serviceWorkers: 'first-visit',
    });
    const page = await context.newPage();
    await page.goto(demo.platformUrl);
    await page.getByRole('link', { name: PLATFORM_SIGN_IN_LINK }).click();
    await page.waitForURL(/\/oidc\/interaction\/[\w-]+$/, { timeout: 30_000 });
    await page.getByRole('link', { name: t.badge.offer }).click();
    // The camera may read the card at once: the step's address, not its heading, is waited for.
    await page.waitForURL(/\/page\/badge$/);
    return page;
  }

  /** "Ini saya", the platform's consent, and the platform with the child's claims. */
  async function confirmAndArrive(page: Page, language: 'id' | 'en') {
    const t = TEXTS[language];
    const confirmation = page.url();
    await page.getByRole('button', { name: t.badge.yes, exact: true }).click();
    // The demo platform is a third-party one: it asks its consent the first time (a new step).
    await page.waitForURL(
      (url) =>
        url.origin === demo.platformUrl ||
        (url.href !== confirmation && url.pathname.includes('/oidc/interaction/')),
      { timeout: 30_000 },
    );
    if (new URL(page.url()).origin !== demo.platformUrl) {
      const consent = t.consent.title.replace('{{platform}}', 'Platform Demo');
      await page.getByRole('heading', { level: 1, name: consent }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: t.consent.allow, exact: true }).click();
    }
    await page.waitForURL((url) => url.origin === demo.platformUrl, { timeout: 30_000 });
    const claims = page.locator('#claims');
    await claims.waitFor({ timeout: 30_000 });
    const received = JSON.parse((await claims.textContent()) ?? '{}') as Record<string, unknown>;
    expect(received).toMatchObject({ name: child.fullName, user_type: 'pd' });
  }

  it("the school admin, with a second factor, makes a class's badges and the child's, and downloads each PDF (360 px, id)", async () => {
    const t = adminId.badges;
    const { 'school-admin': account } = await devPages(demo.server.url).demoSignInAccounts();
    const context = await newContext(adminBrowser, {
      viewport: MOBILE,
      language: 'id',
      origin: demo.server.url,
    });
    admin = await open(context, '/admin/kartu-masuk');
    await signInWithPassword(admin, 'id', account);
    await admin.waitForURL(/\/admin\/kartu-masuk$/, { timeout: 30_000 });
    await admin.getByRole('heading', { level: 1, name: t.title }).waitFor({ timeout: 30_000 });

    // Badges need a second factor. The demo admin has none: the page leads to the sign-in
    // methods, an authenticator app is enrolled, and a new sign-in with it comes back here.
    await admin.getByText(adminId.secondFactor.why).waitFor({ timeout: 30_000 });
    await admin.getByRole('link', { name: adminId.secondFactor.enrol }).click();
    await admin.waitForURL(/\/profile\/metode-masuk\?returnTo=/, { timeout: 30_000 });
    const { secret } = await enrolAppOnMethodsPage(admin, 'id', 'badges admin 360 id');
    await admin.getByRole('link', { name: methodsId.continue }).click();
    await signInWithPassword(admin, 'id', account);
    await answerAppCode(admin, 'id', secret, 'badges admin 360 id');
    await admin.waitForURL(/\/admin\/kartu-masuk$/, { timeout: 30_000 });
    await admin.getByRole('heading', { level: 2, name: t.students.title }).waitFor();
    await admin.getByRole('checkbox').first().waitFor({ timeout: 30_000 });
    expect(await admin.getByText(adminId.secondFactor.why).count()).toBe(0);
    await checkAdminPage('360 id');

    // The child's class, as the list says it, chosen whole.
    await admin.getByLabel(adminId.search.label).fill(child.fullName);
    await admin.getByRole('button', { name: adminId.search.submit, exact: true }).click();
    await expect.poll(() => admin.getByRole('checkbox').count(), { timeout: 30_000 }).toBe(2);
    const classText = t.students.grade.replace('{{grade}}', '');
    const details = (await childRow(admin).textContent()) ?? '';
    const grade = new RegExp(`${classText}(\\d+)`).exec(details)?.[1];
    expect(grade, details).toBeDefined();
    expect(details).toContain(t.students.noBadge);
    const gradeFilter = admin.getByRole('combobox', { name: t.students.gradeFilter, exact: true });
    const option = gradeFilter.locator(`option[value="${grade}"]`);
    const classSize = Number(/\((\d+) /.exec((await option.textContent()) ?? '')?.[1]);
    expect(classSize).toBeGreaterThan(1);
    await gradeFilter.selectOption(grade!);
    const className = t.students.grade.replace('{{grade}}', grade!);
    await admin
      .getByRole('button', { name: t.students.makeClass.replace('{{name}}', className) })
      .click();
    const classBatch = await awaitBatchAndDownload(admin, 'id', { count: classSize }, (where) =>
      checkAdminPage(`${where} 360 id`),
    );

    // Then the child alone: a new badge, which ends the class's card of the child.
    const row = childRow(admin);
    await row.getByText(t.students.liveSince.split('{{')[0]!.trim()).waitFor({ timeout: 30_000 });
    await row.getByRole('checkbox').check();
    await admin.getByText(t.students.selected_one.replace('{{count}}', '1')).waitFor();
    await admin
      .getByRole('button', { name: t.students.make_one.replace('{{count}}', '1'), exact: true })
      .click();
    const childBatch = await awaitBatchAndDownload(
      admin,
      'id',
      { count: 1, previous: classBatch.batchId },
      (where) => checkAdminPage(`${where} 360 id`),
    );
    card = childBatch.cards[0]!;
    expect(classBatch.cards.map((one) => one.qrText)).not.toContain(card.qrText);
    expect(card.shortCode).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);

    // What the camera shows is the QR code as the card's PDF draws it, read back from the page.
    qrVideo(card.qrText, path.join(videos, 'card.y4m'));
    cardCamera = await browserWithCamera(path.join(videos, 'card.y4m'));
  }, 300_000);

  it('reads the card with the camera, shows the name and school, and signs in after "Ini saya" (360 px, id)', async () => {
    const page = await toBadgeStep(cardCamera, MOBILE, 'id');
    // The camera reads the card on its own and the page moves to the confirmation.
    await page
      .getByRole('heading', { level: 1, name: id.badge.confirmTitle })
      .waitFor({ timeout: 30_000 });
    await page.getByText(child.fullName, { exact: true }).waitFor();
    await page.getByText(child.schoolName!, { exact: true }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'badge confirmation 360px id');
    await confirmAndArrive(page, 'id');
    await page.context().close();
  });

  it('signs in with the short code typed with the NPSN, and checks clean at 1280 px (en)', async () => {
    const page = await toBadgeStep(patternCamera, DESKTOP, 'en');
    await page.getByText(en.badge.cameraLooking).waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, 'badge step 1280px en');
    await page.getByRole('textbox', { name: en.badge.npsn, exact: true }).fill(child.npsn!);
    // Typed as a child might: lower case.
    await page
      .getByRole('textbox', { name: en.badge.code, exact: true })
      .fill(card.shortCode.toLowerCase());
    await page.getByRole('button', { name: en.badge.submit, exact: true }).click();
    await page
      .getByRole('heading', { level: 1, name: en.badge.confirmTitle })
      .waitFor({ timeout: 30_000 });
    await page.getByText(child.fullName, { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'badge confirmation 1280px en');
    await confirmAndArrive(page, 'en');
    await page.context().close();
  });

  it('shows the camera on, labelled, with its status said, and checks clean at 360 px (id)', async () => {
    const page = await toBadgeStep(patternCamera, MOBILE, 'id');
    await page.getByText(id.badge.cameraLooking).waitFor({ timeout: 30_000 });
    const video = page.locator('video[data-badge-video]');
    expect(await video.isVisible()).toBe(true);
    expect(await video.getAttribute('aria-labelledby')).toBe('badge-camera-heading');
    await page.getByRole('button', { name: id.badge.cameraStop }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'badge camera on 360px id');
    // Turned off: the video goes, the button turns it on again.
    await page.getByRole('button', { name: id.badge.cameraStop }).click();
    await page.getByRole('button', { name: id.badge.cameraStart }).waitFor();
    expect(await video.isVisible()).toBe(false);
    await page.context().close();
  });

  it('says when the camera is refused, and the typed code still works (1280 px, en)', async () => {
    const page = await toBadgeStep(refusedCamera, DESKTOP, 'en');
    await page.getByText(en.badge.cameraRefused).waitFor({ timeout: 30_000 });
    await page.getByRole('textbox', { name: en.badge.npsn, exact: true }).fill(child.npsn!);
    await page
      .getByRole('textbox', { name: en.badge.code, exact: true })
      .fill(card.shortCode.replaceAll('-', ' '));
    await page.getByRole('button', { name: en.badge.submit, exact: true }).click();
    await page
      .getByRole('heading', { level: 1, name: en.badge.confirmTitle })
      .waitFor({ timeout: 30_000 });
    // "This is not me": back to the step, nothing signed in.
    await page.getByRole('button', { name: en.badge.no, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: en.badge.title }).waitFor();
    await page.context().close();
  });

  it('the admin ends the badge on the page by keyboard, with its confirmation (1280 px, en)', async () => {
    const t = ADMIN.en.badges;
    // Later, on a wide screen, switched to English: the same signed-in admin.
    await admin.setViewportSize(DESKTOP);
    await admin.getByRole('button', { name: commonId.language.switchTo.en }).first().click();
    await admin.getByRole('heading', { level: 1, name: t.title }).waitFor({ timeout: 30_000 });
    await admin.getByRole('checkbox').first().waitFor({ timeout: 30_000 });
    await checkAdminPage('1280 en');

    // By keyboard from the page's heading: to the search box, the child's name, Enter.
    const focused = () =>
      admin.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element) return { what: '', visible: false };
        const label =
          element.getAttribute('aria-label') ??
          (element as HTMLInputElement).labels?.[0]?.textContent ??
          element.textContent ??
          '';
        return {
          what: `${element.tagName.toLowerCase()}:${label.replace(/\s+/g, ' ').trim()}`,
          visible: element.matches(':focus-visible'),
        };
      });
    /** Tabs on until `target` has focus, every stop showing its focus; the stops passed. */
    const tabTo = async (target: (what: string) => boolean) => {
      const stops: string[] = [];
      for (let press = 0; press < 60; press += 1) {
        await admin.keyboard.press('Tab');
        const now = await focused();
        expect(now.visible, now.what).toBe(true);
        stops.push(now.what);
        if (target(now.what)) return stops;
      }
      throw new Error(`not reached by Tab: ${stops.join(' | ')}`);
    };
    await admin.evaluate(() => window.scrollTo(0, 0));
    await admin.locator('h1').click();
    await tabTo((what) => what.startsWith(`input:${ADMIN.en.search.label}`));
    await admin.keyboard.type(child.fullName);
    await admin.keyboard.press('Enter');
    await expect.poll(() => admin.getByRole('checkbox').count(), { timeout: 30_000 }).toBe(2);

    // On through the page's controls, in reading order, to the child's "End badge".
    const endLabel = t.end.oneFor.replace('{{name}}', child.fullName);
    const stops = await tabTo((what) => what === `button:${endLabel}`);
    const order = [
      `button:${ADMIN.en.search.submit}`,
      `select:${t.students.gradeFilter}`,
      `select:${t.students.badgeFilter}`,
      `input:${t.students.selectPage}`,
    ].map((stop) => stops.findIndex((what) => what.startsWith(stop)));
    const inOrder = order.every((at, index) => at >= 0 && (index === 0 || at > order[index - 1]!));
    expect(inOrder, stops.join(' | ')).toBe(true);

    // Enter opens the confirmation; Escape closes it and gives focus back.
    const dialog = admin.getByRole('dialog', { name: t.end.oneTitle });
    await admin.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByText(t.end.oneConfirm.replace('{{name}}', child.fullName)).waitFor();
    await expectNoAxeViolations(admin, 'end badge dialog 1280 en');
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused()).what).toBe(`button:${endLabel}`);
    expect(await childRow(admin).getByText(t.students.noBadge).count()).toBe(0);

    // Again, and this time confirmed: Tab to "Yes, end the badge", Enter.
    await admin.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo((what) => what === `button:${t.end.oneAction}`);
    await admin.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await childRow(admin).getByText(t.students.noBadge).waitFor({ timeout: 30_000 });
    expect(await admin.getByRole('button', { name: endLabel }).count()).toBe(0);
    await checkAdminPage('after ending 1280 en');
    await admin.context().close();
  }, 120_000);

  it('refuses the ended card, the camera then waiting for a tap, and checks clean at 360 px (id)', async () => {
    const page = await toBadgeStep(cardCamera, MOBILE, 'id');
    await page.getByText(BADGE_SIGN_IN_MESSAGES.ended).waitFor({ timeout: 30_000 });
    // Still the badge step, its summary focused, the camera labelled and off until asked, and
    // the typed code there to use.
    await page.getByRole('heading', { level: 1, name: id.badge.title }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('error-summary');
    await page.getByRole('region', { name: id.badge.cameraHeading }).waitFor();
    await page.getByRole('button', { name: id.badge.cameraStart }).waitFor();
    await page.getByRole('textbox', { name: id.badge.code, exact: true }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'badge step 360px id');
    await page.context().close();
  });
});
