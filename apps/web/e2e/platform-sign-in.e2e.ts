import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../app/locales/en/sign-in.json';
import id from '../app/locales/id/sign-in.json';
import { expectNoAxeViolations } from './axe';
import { DESKTOP, MOBILE, hasBrowser, launchBrowser, newContext } from './browser';
import { devPages } from './dev-pages';
import { startPortalServer, type PortalServer } from './portal-server';

// Issue 36: a person signs in to a ministry platform (the demo platform, `npm run
// demo:platform`, a separate app using openid-client) with their learning account from a fresh
// browser, agrees to what it receives, sees the claims, then signs out at the portal: the
// portal's back-channel logout, delivered by the outbox, ends the platform's own session.
// A server of its own: it registers the demo platform at the demo platform's port.

const DEMO_PASSWORD = 'Coba-Portal-2026';
const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)), '../..');
const TEXTS = { id, en };

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

describe.skipIf(!hasBrowser)('signing in to a ministry platform', () => {
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
    it(`consents, sees the claims, and is signed out of the platform by the portal's sign-out (${viewport.width} px, ${language}, ${type})`, async () => {
      const t = TEXTS[language];
      const person = (await devPages(server.url).demoIdentities())[type];
      // A fresh browser: no session at the portal, none at the platform.
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

      // The consent page: the platform's name and what it will receive, in the person's language.
      const consentTitle = t.consent.title.replace('{{platform}}', 'Platform Demo');
      await page
        .getByRole('heading', { level: 1, name: consentTitle })
        .waitFor({ timeout: 30_000 });
      await page.getByText(t.consent.scopes.schools).waitFor();
      await page.getByText(t.consent.scopes.user_type).waitFor();
      await expectNoAxeViolations(page, `consent ${viewport.width}px ${language}`);
      await page.getByRole('button', { name: t.consent.allow, exact: true }).click();

      // Back at the platform, with the claims it received.
      await page.waitForURL((url) => url.origin === platformUrl, { timeout: 30_000 });
      const claims = page.locator('#claims');
      await claims.waitFor({ timeout: 30_000 });
      const received = JSON.parse((await claims.textContent()) ?? '{}') as Record<string, unknown>;
      expect(received).toMatchObject({
        name: person.fullName,
        email: person.accountEmail,
        user_type: type,
      });
      expect(received['schools']).toEqual(
        expect.arrayContaining([expect.objectContaining({ npsn: person.npsn })]),
      );
      expect(received['roles']).toBeUndefined();
      await page.getByRole('button', { name: 'Perbarui token (refresh)' }).click();
      await page.getByText('Token diperbarui').waitFor({ timeout: 30_000 });

      // Signing out at the portal (its confirmation page) ends every client of the session.
      await page.goto(`${server.url}/oidc/session/end`);
      const yes = language === 'id' ? 'Ya, keluar' : 'Yes, sign out';
      await page.getByRole('button', { name: yes }).click({ timeout: 30_000 });
      await page.waitForURL((url) => url.origin === server.url && url.hash === '', {
        timeout: 30_000,
      });
      // The outbox delivers the logout token; the platform's own session ends.
      await expect
        .poll(
          async () => {
            await page.goto(platformUrl);
            return page.getByRole('link', { name: 'Masuk dengan Akun belajar.id' }).count();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe(1);
      await context.close();
    });
  }
});
