import { STAFF_ROLE_NAMES, type StaffRole } from '@portal/contracts/staff-roles';
import { generate } from 'otplib';
import type * as client from 'openid-client';
import { addStaffAccount } from '../sign-in/staff-accounts';
import {
  createBrowser,
  finishSignIn,
  postPassword,
  postStep,
  startSignIn,
} from './test-relying-party';
import type { TestApp } from './test-app';

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
  const { password } = await addStaffAccount(
    { db: t.database.db, hasher: t.app.services.hasher, staffDomain: t.config.staffDomain },
    email,
    roles,
  );
  const browser = createBrowser(t.app, t.config.oidc.issuer);
  const started = await startSignIn(rp, t.config, browser);
  await postPassword(browser, t.config, started.uid, { email, password });
  await postStep(browser, t.config, started.uid, 'newPassword', {
    password: 'Kopi tubruk tanpa gula 7',
  });
  const enrolment = await postStep(browser, t.config, started.uid, 'totpEnrol');
  const { secret } = enrolment.json() as { secret: string };
  const confirmed = await postStep(browser, t.config, started.uid, 'totpEnrol', {
    code: await generate({ secret }),
  });
  const { redirectTo } = confirmed.json() as { redirectTo: string };
  const tokens = await finishSignIn(rp, t.config, browser, started, redirectTo);
  return tokens.access_token;
}
