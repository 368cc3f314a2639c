import { WEB_SESSION, type WebSessionUser } from '@portal/contracts/sign-in-client';

// The portal's session lives on the server (decision 0287): this page holds no token, only what
// `/auth/session` says of the person. Signing in and out are navigations the server answers.

/** The signed-in person as the ID token describes them, and when the session ends. */
export type SessionUser = WebSessionUser;

/**
 * `/auth/login` (SPEC §4): the server sends the browser to the provider at once, remembering
 * `returnTo` (kept only if it is one of this app's pages) and the login reference (`ref`).
 * `reauth` asks the provider to sign the person in again within its session: a step-up to a
 * sign-in with the second factor, or a fresh one (decision 0269). A document load, never a
 * route of this app.
 */
export function signInPath({
  returnTo,
  reauth = false,
}: { returnTo?: string; reauth?: boolean } = {}): string {
  const query = new URLSearchParams();
  if (reauth) query.set('reauth', '1');
  if (returnTo) query.set('returnTo', returnTo);
  const search = query.toString();
  return `/auth/login${search ? `?${search}` : ''}`;
}

/** Signed in until the portal's session ends (SPEC §4's expiry, decision 0287). */
export const isSignedIn = (user: SessionUser | null): user is SessionUser =>
  user !== null && user.expires_at * 1000 > Date.now();

let signingOut = false;

/**
 * Ends the portal's session and the provider's: a form post to the server (the cookie's
 * origin check lets only this origin's post through), which answers with the way home. Until
 * the browser leaves, the page must not take the session's end for an expiry (`isSigningOut`).
 */
export function signOut(): void {
  signingOut = true;
  const form = document.createElement('form');
  form.method = 'post';
  form.action = WEB_SESSION.paths.logout;
  form.hidden = true;
  document.body.append(form);
  form.submit();
}

export const isSigningOut = (): boolean => signingOut;
