import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { qrTextsOfPdf } from '@portal/api/test-fixtures/badge-pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_SIGN_IN_MESSAGES } from '@portal/contracts/badge-sign-in';
import en from '../app/locales/en/sign-in.json';
import id from '../app/locales/id/sign-in.json';
import enServer from '../app/locales/en/server.json';
import { expectNoAxeViolations } from './axe';
import {
  DESKTOP,
  MOBILE,
  hasBrowser,
  horizontalOverflow,
  launchBrowser,
  newContext,
} from './browser';
import { PLATFORM_SIGN_IN_LINK, startDemoPlatform, type DemoPlatform } from './demo-platform';
import { devPages, type DemoIdentity } from './dev-pages';

// A young student signs in to the demo platform with a printed badge: Chromium's fake camera
// plays a video of the QR code read from the card's PDF page, the page reads it (zxing-wasm: Debian's Chromium has no
// barcode detector), the child sees their name and school and taps "Ini saya". A badge that was
// replaced is refused; the short code typed with the school's NPSN works without the camera.
// A server of its own: it registers the demo platform, which allows badge sign-in.

const TEXTS = { id, en };
type Badge = { badgeId: number; npsn: string; qrText: string; shortCode: string; pdf: string };

/**
 * A Y4M video (what Chromium's fake camera plays) of a QR code holding `text`: black modules on
 * white with the quiet zone, centred in a 640x480 frame, a few identical frames that loop.
 */
function qrVideo(text: string, file: string): void {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor((height - 40) / (modules.size + 2 * quiet));
  const side = (modules.size + 2 * quiet) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules.size; row += 1)
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < scale; y += 1) {
        const start = (top + (row + quiet) * scale + y) * width + left + (column + quiet) * scale;
        luma.fill(16, start, start + scale);
      }
    }
  // 4:2:0: the colour planes at a quarter of the pixels, grey (no colour).
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

/** A browser whose camera shows this video (and is allowed without asking). */
const browserWithCamera = (video: string) =>
  launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);

describe.skipIf(!hasBrowser)('signing in to a platform with a printed badge', () => {
  let demo: DemoPlatform;
  let child: DemoIdentity;
  let replaced: Badge;
  let live: Badge;
  let videos: string;
  let liveCamera: Browser;
  let replacedCamera: Browser;
  /** Chromium's own test pattern: a camera that is on and shows no card. */
  let patternCamera: Browser;
  /** A camera the browser asks before using, which headless Chromium refuses. */
  let refusedCamera: Browser;

  /** A live badge of the demo student, as a school admin's making makes it. */
  const makeBadge = async (): Promise<Badge> => {
    const response = await fetch(`${demo.server.url}/dev/demo-badge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: child.accountEmail }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Badge;
  };

  beforeAll(async () => {
    demo = await startDemoPlatform();
    child = (await devPages(demo.server.url).demoIdentities()).pd;
    // The first badge is replaced by the second (one live badge per student): it stops working.
    replaced = await makeBadge();
    live = await makeBadge();
    // What the camera shows is the QR code as the card's PDF draws it, read back from the page.
    const printed = (badge: Badge) => qrTextsOfPdf(Buffer.from(badge.pdf, 'base64'));
    expect(printed(live)).toEqual([live.qrText]);
    expect(printed(replaced)).toEqual([replaced.qrText]);
    videos = mkdtempSync(path.join(tmpdir(), 'badge-camera-'));
    qrVideo(printed(live)[0]!, path.join(videos, 'live.y4m'));
    qrVideo(printed(replaced)[0]!, path.join(videos, 'replaced.y4m'));
    liveCamera = await browserWithCamera(path.join(videos, 'live.y4m'));
    replacedCamera = await browserWithCamera(path.join(videos, 'replaced.y4m'));
    patternCamera = await launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ]);
    refusedCamera = await launchBrowser(['--use-fake-device-for-media-stream']);
  }, 240_000);

  afterAll(async () => {
    await liveCamera?.close();
    await replacedCamera?.close();
    await patternCamera?.close();
    await refusedCamera?.close();
    demo?.stop();
    if (videos) rmSync(videos, { recursive: true, force: true });
  });

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

  it('reads the card with the camera, shows the name and school, and signs in after "Ini saya" (360 px, id)', async () => {
    const page = await toBadgeStep(liveCamera, MOBILE, 'id');
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

  it('refuses a replaced card, the camera then waiting for a tap, and checks clean at 360 px (id)', async () => {
    const page = await toBadgeStep(replacedCamera, MOBILE, 'id');
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

  it('signs in with the short code typed with the NPSN, and checks clean at 1280 px (en)', async () => {
    const page = await toBadgeStep(replacedCamera, DESKTOP, 'en');
    await page.getByText(enServer.errors.badge_ended).waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, 'badge step 1280px en');
    await page.getByRole('textbox', { name: en.badge.npsn, exact: true }).fill(live.npsn);
    // Typed as a child might: lower case.
    await page
      .getByRole('textbox', { name: en.badge.code, exact: true })
      .fill(live.shortCode.toLowerCase());
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
    await page.getByRole('textbox', { name: en.badge.npsn, exact: true }).fill(live.npsn);
    await page
      .getByRole('textbox', { name: en.badge.code, exact: true })
      .fill(live.shortCode.replaceAll('-', ' '));
    await page.getByRole('button', { name: en.badge.submit, exact: true }).click();
    await page
      .getByRole('heading', { level: 1, name: en.badge.confirmTitle })
      .waitFor({ timeout: 30_000 });
    // "This is not me": back to the step, nothing signed in.
    await page.getByRole('button', { name: en.badge.no, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: en.badge.title }).waitFor();
    await page.context().close();
  });
});
