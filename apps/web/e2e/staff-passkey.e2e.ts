import { CONSOLE_OWN_ACCOUNT_PAGE } from '@portal/contracts/web-routes';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import consoleId from '../app/locales/id/console.json';
import signInId from '../app/locales/id/sign-in.json';
import { expectNoAxeViolations } from './axe';
import { MOBILE, hasBrowser } from './browser';
import { laterVisit, passkeyServer, virtualAuthenticator } from './second-factor-steps';
import { chooseNewPassword, enrolAuthenticator, signInWithPassword } from './sign-in-steps';

// A staff member adds a passkey in the console and signs in with it at the second
// factor. The device is Chromium's virtual authenticator (the CDP WebAuthn domain): a platform
// authenticator that verifies its user, as a phone's fingerprint or PIN does. Passkeys need a
// host name: this journey runs a server of its own on `localhost`; the other journeys' server
// is on 127.0.0.1.

const PASSWORD = 'Rendang Padang pedas 34';
const NAME = 'Ponsel kantor';
const texts = consoleId.passkeys;
const named = (text: string) => text.replace('{{name}}', NAME);

describe.skipIf(!hasBrowser)('passkeys for staff', () => {
  const localhost = passkeyServer();

  it('adds a passkey in the console, signs in with it in place of the code, and removes it (360 px, id)', async () => {
    const {
      accounts: { staff },
      context,
      page,
    } = await localhost.visit(CONSOLE_OWN_ACCOUNT_PAGE, { viewport: MOBILE, language: 'id' });
    const device = await virtualAuthenticator(page);
    await signInWithPassword(page, 'id', staff);
    await chooseNewPassword(page, 'id', PASSWORD, 'passkey staff 360 id');
    const { secret } = await enrolAuthenticator(page, 'id', 'passkey staff 360 id');
    await page.waitForURL(/\/konsol\/akun$/, { timeout: 30_000 });

    // The member's own page in the console: no passkey yet; one is added with a name, the device verifying its user.
    const section = page.getByRole('region', { name: texts.title });
    await section.getByText(texts.none).waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, 'console passkeys 360 id');
    await section.getByLabel(texts.label).fill(NAME);
    await section.getByRole('button', { name: texts.add }).click();
    await section
      .getByRole('status')
      .filter({ hasText: named(texts.added) })
      .waitFor();
    await section.getByRole('listitem').filter({ hasText: NAME }).waitFor();
    expect(await device.credentials()).toHaveLength(1);
    await expectNoAxeViolations(page, 'console with a passkey 360 id');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    // The same device again: it holds this account's passkey already.
    await section.getByRole('button', { name: texts.add }).click();
    await section.getByText(texts.refusal.exists).waitFor();
    expect(await device.credentials()).toHaveLength(1);

    // Later: the password, then the passkey instead of the app's code.
    await laterVisit(page, CONSOLE_OWN_ACCOUNT_PAGE);
    await signInWithPassword(page, 'id', { ...staff, password: PASSWORD });
    await page.getByRole('heading', { level: 1, name: signInId.steps.totp.title }).waitFor();
    const usePasskey = page.getByRole('button', { name: signInId.steps.passkey.use });
    await usePasskey.waitFor();
    await expectNoAxeViolations(page, 'second factor with a passkey 360 id');
    await usePasskey.click();
    await page.waitForURL(/\/konsol\/akun$/, { timeout: 30_000 });
    const item = section.getByRole('listitem').filter({ hasText: NAME });
    await item.getByText(/terakhir dipakai/).waitFor({ timeout: 30_000 });
    const [credential] = await device.credentials();
    expect(credential?.signCount).toBeGreaterThan(0);

    // Removed: the authenticator app is the second factor again.
    await section.getByRole('button', { name: named(texts.removeNamed) }).click();
    await section
      .getByRole('status')
      .filter({ hasText: named(texts.removed) })
      .waitFor();
    await section.getByText(texts.none).waitFor();
    await laterVisit(page, CONSOLE_OWN_ACCOUNT_PAGE);
    await signInWithPassword(page, 'id', { ...staff, password: PASSWORD });
    await page.getByText(signInId.steps.totp.intro).waitFor();
    // The step asks the interaction whether a passkey is held: once it has its answer, none.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: signInId.steps.passkey.use }).count()).toBe(0);
    // The enrolment's code is spent: the next period's is accepted.
    await page
      .getByLabel(signInId.steps.code.label)
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: signInId.steps.code.submit }).click();
    await page.waitForURL(/\/konsol\/akun$/, { timeout: 30_000 });
    await context.close();
  }, 240_000);
});
