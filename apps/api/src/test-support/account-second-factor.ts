import { apiPrefix } from '@portal/contracts/brand';
import { SIGN_IN_METHODS_ROUTES } from '@portal/contracts/sign-in-methods';
import { generate } from 'otplib';
import type * as client from 'openid-client';
import {
  createBrowser,
  finishSignIn,
  postPassword,
  postStep,
  startSignIn,
  type Browser,
} from './platform-sign-in';
import type { TestApp } from './test-app';

// An account holder enrols an authenticator app from the profile, and signs in with it after
// the password.

/** A code of the person's app, `steps` time steps from now (a code is accepted once). */
export const appCode = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Enrols an authenticator app through the profile's calls: its secret and recovery codes. */
export async function enrolAuthenticator(
  t: TestApp,
  accessToken: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const prefix = apiPrefix(t.config.brand);
  const headers = { authorization: `Bearer ${accessToken}` };
  const started = await t.app.inject({
    method: 'POST',
    url: `${prefix}${SIGN_IN_METHODS_ROUTES.totpStart}`,
    headers,
  });
  if (started.statusCode !== 200) throw new Error(`enrolment refused: ${started.body}`);
  const { secret } = (started.json() as { data: { secret: string } }).data;
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `${prefix}${SIGN_IN_METHODS_ROUTES.totpConfirm}`,
    headers,
    payload: { code: await appCode(secret) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation refused: ${confirmed.body}`);
  const codes = (confirmed.json() as { data: { recovery_codes: string[] | null } }).data;
  return { secret, recoveryCodes: codes.recovery_codes ?? [] };
}

/** A sign-in with the password, then a code of the app or a recovery code: the tokens. */
export async function signInWithSecondFactor(
  t: TestApp,
  rp: client.Configuration,
  credentials: { email: string; password: string },
  answer: { code: string } | { recovery_code: string },
  browser: Browser = createBrowser(t.app, t.config.oidc.issuer),
  extra: Record<string, string> = {},
) {
  const started = await startSignIn(rp, t.config, browser, extra);
  const posted = await postPassword(browser, t.config, started.uid, credentials);
  if ((posted.json() as { step?: string }).step !== 'totp') {
    throw new Error(`no second factor asked: ${posted.statusCode} ${posted.body}`);
  }
  const verified = await postStep(browser, t.config, started.uid, 'totp', answer);
  if (verified.statusCode !== 200) throw new Error(`second factor refused: ${verified.body}`);
  const { redirectTo } = verified.json() as { redirectTo: string };
  return finishSignIn(rp, t.config, browser, started, redirectTo);
}
