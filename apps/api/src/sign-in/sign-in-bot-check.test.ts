import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_POLICY } from '@portal/contracts/sign-in';
import { FIXTURE } from '../test-support/registry-fixture';
import { createSignInTestApp, TEACHER_PASSWORD } from '../test-support/sign-in-test-app';
import type { TestApp } from '../test-support/test-app';
import { createBrowser, interactionPath, startSignIn } from '../test-support/platform-sign-in';

// Repeated failed sign-ins from one address bring the bot check in: guessing
// passwords from one place then costs a proof of work per guess.

const ADDRESS = '10.77.0.1';
let t: TestApp;
let rp: client.Configuration;

beforeAll(async () => {
  ({ t, rp } = await createSignInTestApp({ BOT_CHECK: 'on', BOT_CHECK_COST: '1' }));
});
afterAll(async () => {
  await t?.close();
});

async function solvedPayload(): Promise<string> {
  const challenge = (await t.app.inject('/belajar-id/bot-check/v1/challenge')).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('the bot check of the sign-in', () => {
  it('is asked for after repeated failures from an address, and then lets a right password in', async () => {
    const browser = createBrowser(t.app, t.config.oidc.issuer);
    const { uid } = await startSignIn(rp, t.config, browser);
    const details = async () =>
      (
        await browser.request({
          method: 'GET',
          url: interactionPath(t.config, uid, 'details'),
          remoteAddress: ADDRESS,
        })
      ).json() as { bot_check: boolean };
    const post = (payload: object) =>
      browser.request({
        method: 'POST',
        url: interactionPath(t.config, uid, 'login'),
        payload,
        remoteAddress: ADDRESS,
      });
    const email = FIXTURE.teacher.accounts[0]!;

    expect((await details()).bot_check).toBe(false);
    for (let failure = 0; failure < SIGN_IN_POLICY.botCheckAfterFailures; failure += 1)
      expect((await post({ email, password: 'salah-sekali' })).statusCode).toBe(401);
    expect((await details()).bot_check).toBe(true);

    const without = await post({ email, password: TEACHER_PASSWORD });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ error: { id: 'bot_check_failed' } });
    const solved = await post({ email, password: TEACHER_PASSWORD, altcha: await solvedPayload() });
    expect(solved.statusCode).toBe(200);
    expect(solved.json()).toHaveProperty('redirectTo');
  });
});
