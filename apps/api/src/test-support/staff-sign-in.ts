import { STAFF_ROLE_NAMES, type StaffRole } from '@portal/contracts/staff';
import { generate } from 'otplib';
import type * as client from 'openid-client';
import { createStaffAccounts } from '../sign-in/staff-accounts';
import {
  createBrowser,
  finishSignIn,
  postPassword,
  postStep,
  startSignIn,
} from './platform-sign-in';
import type { TestApp } from './test-app';

/**
 * A staff member's sign-in that enrols their authenticator app: a new password first when the
 * account has an initial one, then the app's enrolment and first code. Answers the tokens.
 */
export async function staffSignInEnrolling(
  t: TestApp,
  rp: client.Configuration,
  credentials: { email: string; password: string },
  newPassword?: string,
) {
  const browser = createBrowser(t.app, t.config.oidc.issuer);
  const started = await startSignIn(rp, t.config, browser);
  await postPassword(browser, t.config, started.uid, credentials);
  if (newPassword !== undefined) {
    await postStep(browser, t.config, started.uid, 'newPassword', { password: newPassword });
  }
  const enrolment = await postStep(browser, t.config, started.uid, 'totpEnrol');
  const { secret } = enrolment.json() as { secret: string };
  const confirmed = await postStep(browser, t.config, started.uid, 'totpEnrol', {
    code: await generate({ secret }),
  });
  const { redirectTo } = confirmed.json() as { redirectTo: string };
  return finishSignIn(rp, t.config, browser, started, redirectTo);
}

/**
 * A new staff account's whole first sign-in (a new password, then the authenticator app's
 * enrolment and first code): its access token for the console API. It holds every role
 * unless a test of roles names the ones it needs.
 */
export async function staffAccessToken(
  t: TestApp,
  rp: client.Configuration,
  email: string,
  roles: readonly StaffRole[] = STAFF_ROLE_NAMES,
): Promise<string> {
  const staffAccounts = createStaffAccounts({
    db: t.database.db,
    hasher: t.app.services.hasher,
    staffDomain: t.config.staffDomain,
  });
  const { password } = await staffAccounts.addStaffAccount(email, roles);
  const tokens = await staffSignInEnrolling(t, rp, { email, password }, 'Kopi tubruk tanpa gula 7');
  return tokens.access_token;
}
