import { describe, expect, it } from 'vitest';
import en from '../app/locales/en/sign-in.json';
import id from '../app/locales/id/sign-in.json';
import { expectNoAxeViolations } from './axe';
import { DESKTOP, MOBILE, hasBrowser } from './browser';
import { PLATFORM_SIGN_IN_LINK, demoPlatformJourney } from './demo-platform';

// A person signs in to a ministry platform (the demo platform, `npm run
// demo:platform`, a separate app using openid-client) with their learning account from a fresh
// browser, agrees to what it receives, sees the claims, then signs out at the portal: the
// portal's back-channel logout, delivered by the outbox, ends the platform's own session; or
// signs out at the platform, which asks at the portal and comes back.
// A server of its own: it registers the demo platform at the demo platform's port.

const TEXTS = { id, en };

describe.skipIf(!hasBrowser)('signing in to a ministry platform', () => {
  const platform = demoPlatformJourney();

  // One run signs out where it started, at the platform; the other at the portal.
  for (const [viewport, language, type, signOutAt] of [
    [MOBILE, 'id', 'ptk', 'platform'],
    [DESKTOP, 'en', 'pd', 'portal'],
  ] as const) {
    it(`consents, sees the claims, and signs out at the ${signOutAt} (${viewport.width} px, ${language}, ${type})`, async () => {
      const t = TEXTS[language];
      const { server, platformUrl, person, context, page } = await platform.signInFromFreshBrowser({
        viewport,
        language,
        type,
      });

      // The consent page: the platform's name and what it will receive, in the person's language.
      await page.getByText(t.consent.scopes.schools).waitFor();
      await page.getByText(t.consent.scopes.user_type).waitFor();
      // Where the platform receives the sign-in, to check against the site the person came from.
      expect(await page.getByText(platformUrl, { exact: true }).count()).toBe(1);
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

      if (signOutAt === 'platform') {
        // The platform's sign-out asks at the portal, then returns to the platform's registered
        // post-logout address, on another origin than the portal's confirmation form.
        await page.locator('#sign-out').click();
        await page.getByRole('button', { name: t.signOut.yes }).click({ timeout: 30_000 });
        await page.waitForURL((url) => url.origin === platformUrl, { timeout: 30_000 });
        await page.getByRole('link', { name: PLATFORM_SIGN_IN_LINK }).waitFor();
        await context.close();
        return;
      }

      // Signing out at the portal (its confirmation page) ends every client of the session.
      await page.goto(`${server.url}/oidc/session/end`);
      await page.getByRole('button', { name: t.signOut.yes }).click({ timeout: 30_000 });
      await page.waitForURL((url) => url.origin === server.url && url.hash === '', {
        timeout: 30_000,
      });
      // The outbox delivers the logout token; the platform's own session ends.
      await expect
        .poll(
          async () => {
            await page.goto(platformUrl);
            return page.getByRole('link', { name: PLATFORM_SIGN_IN_LINK }).count();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe(1);
      await context.close();
    });
  }
});
