import { describe, expect, it } from 'vitest';
import en from '../app/locales/en/sign-in.json';
import id from '../app/locales/id/sign-in.json';
import connectedEn from '../app/locales/en/connected-platforms.json';
import connectedId from '../app/locales/id/connected-platforms.json';
import { expectNoAxeViolations } from './axe';
import { DESKTOP, MOBILE, hasBrowser } from './browser';
import { demoPlatformJourney } from './demo-platform';

// A person who agreed to the demo platform (`npm run demo:platform`) finds it among
// their connected platforms at /profile/platform-terhubung, with what it receives, and withdraws
// its access after a confirmation; at 360 px in Indonesian and 1280 px in English, axe on every
// step. A server of its own: it registers the demo platform at the demo platform's port.

const TEXTS = { id, en };
const CONNECTED = { id: connectedId, en: connectedEn };

describe.skipIf(!hasBrowser)('connected platforms on the profile', () => {
  const platform = demoPlatformJourney();

  for (const [viewport, language, type] of [
    [MOBILE, 'id', 'ptk'],
    [DESKTOP, 'en', 'pd'],
  ] as const) {
    it(`lists the platform agreed to and withdraws its access (${viewport.width} px, ${language})`, async () => {
      const t = TEXTS[language];
      const c = CONNECTED[language];
      const where = `${viewport.width}px ${language}`;
      const { server, platformUrl, context, page } = await platform.signInFromFreshBrowser({
        viewport,
        language,
        type,
      });
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
