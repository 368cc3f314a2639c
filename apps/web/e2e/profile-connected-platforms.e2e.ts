import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../app/locales/en/sign-in.json';
import id from '../app/locales/id/sign-in.json';
import connectedEn from '../app/locales/en/connected-platforms.json';
import connectedId from '../app/locales/id/connected-platforms.json';
import { expectNoAxeViolations } from './axe';
import { DESKTOP, MOBILE, hasBrowser, launchBrowser, newContext } from './browser';
import { devPages } from './dev-pages';
import { startPortalServer, type PortalServer } from './portal-server';

// Issue 36: a person who agreed to the demo platform (`npm run demo:platform`) finds it among
// their connected platforms at /profile/platform-terhubung, with what it receives, and withdraws
// its access after a confirmation; at 360 px in Indonesian and 1280 px in English, axe on every
// step. A server of its own: it registers the demo platform at the demo platform's port.

const DEMO_PASSWORD = 'Coba-Portal-2026';
const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)), '../..');
const TEXTS = { id, en };
const CONNECTED = { id: connectedId, en: connectedEn };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`demo platform exited: ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('demo platform not ready');
}

describe.skipIf(!hasBrowser)('connected platforms on the profile', () => {
  let server: PortalServer;
  let platform: ChildProcess;
  let platformUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    platformUrl = `http://127.0.0.1:${await freePort()}`;
    server = await startPortalServer({
      demoPeople: 100,
      ownDatabase: true,
      env: { DEMO_PLATFORM_URL: platformUrl },
    });
    platform = spawn(
      path.join(repoRoot, 'node_modules/.bin/tsx'),
      ['apps/demo-platform/demo-platform.ts'],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          PORTAL_ISSUER: `${server.url}/oidc`,
          DEMO_PLATFORM_URL: platformUrl,
        },
        detached: true,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    await waitFor(platformUrl, platform);
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    if (platform?.pid && platform.exitCode === null) process.kill(-platform.pid, 'SIGTERM');
    server?.stop();
  });

  for (const [viewport, language, type] of [
    [MOBILE, 'id', 'ptk'],
    [DESKTOP, 'en', 'pd'],
  ] as const) {
    it(`lists the platform agreed to and withdraws its access (${viewport.width} px, ${language})`, async () => {
      const t = TEXTS[language];
      const c = CONNECTED[language];
      const where = `${viewport.width}px ${language}`;
      const person = (await devPages(server.url).demoIdentities())[type];
      const context = await newContext(browser, {
        viewport,
        language,
        origin: server.url,
        serviceWorkers: 'first-visit',
      });
      const page = await context.newPage();
      await page.goto(platformUrl);
      await page.getByRole('link', { name: 'Masuk dengan Akun belajar.id' }).click();
      const title = t.title.replace('{{domain}}', 'belajar.id');
      await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 30_000 });
      await page.getByLabel(t.email.replace('{{domain}}', 'belajar.id')).fill(person.accountEmail);
      await page.getByLabel(t.password, { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: t.submit, exact: true }).click();
      const consentTitle = t.consent.title.replace('{{platform}}', 'Platform Demo');
      await page
        .getByRole('heading', { level: 1, name: consentTitle })
        .waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: t.consent.allow, exact: true }).click();
      await page.waitForURL((url) => url.origin === platformUrl, { timeout: 30_000 });
      await page.locator('#claims').waitFor({ timeout: 30_000 });

      // The portal's own page, signed in by the session the platform's sign-in opened.
      await page.goto(`${server.url}/profile/platform-terhubung`);
      await page.getByRole('heading', { level: 1, name: c.title }).waitFor({ timeout: 30_000 });
      const list = page.getByRole('list', { name: c.title });
      const item = list.getByRole('listitem').filter({ hasText: 'Platform Demo' }).first();
      await item.getByRole('heading', { level: 2, name: 'Platform Demo' }).waitFor({
        timeout: 30_000,
      });
      await item.getByText(c.scopes.schools).waitFor();
      await item.getByText(c.since).waitFor();
      await expectNoAxeViolations(page, `connected platforms ${where}`);

      const withdraw = c.withdraw.replace('{{name}}', 'Platform Demo');
      await page.getByRole('button', { name: withdraw }).click();
      const dialog = page.getByRole('dialog', {
        name: c.confirmTitle.replace('{{name}}', 'Platform Demo'),
      });
      await dialog.waitFor();
      await expectNoAxeViolations(page, `withdrawal asked ${where}`);
      await dialog.getByRole('button', { name: c.confirmYes }).click();
      await page.getByText(c.withdrawn.replace('{{name}}', 'Platform Demo')).waitFor();
      await expect.poll(() => page.getByRole('button', { name: withdraw }).count()).toBe(0);
      await page.getByText(c.none).waitFor();
      await expectNoAxeViolations(page, `access withdrawn ${where}`);
      await context.close();
    });
  }
});
