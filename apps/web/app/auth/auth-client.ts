import type { User, UserManager } from 'oidc-client-ts';
import {
  LOGIN_REFERENCE,
  OIDC_WEB_SCOPE,
  PORTAL_WEB_CLIENT_ID,
  WEB_AUTH_PATHS,
} from '@portal/contracts/sign-in-client';
import { isKnownWebPath } from '@portal/contracts/web-routes';
import { webConfig } from '~/config';

let manager: Promise<UserManager> | undefined;

/**
 * The page's one OpenID client (oidc-client-ts, decision 0235), loaded on first use so that pages
 * which never sign in do not carry it. Tokens live in local storage and are never renewed
 * silently (SPEC §4).
 */
export function userManager(): Promise<UserManager> {
  manager ??= import('oidc-client-ts').then(({ UserManager, WebStorageStateStore }) => {
    const origin = window.location.origin;
    // The API's own default audience is its public origin and prefix, as this app calls it.
    const audience = webConfig.oidc.audience || new URL(webConfig.apiBase, origin).href;
    return new UserManager({
      authority: new URL(webConfig.oidc.issuer, origin).href,
      client_id: webConfig.oidc.clientId || PORTAL_WEB_CLIENT_ID,
      redirect_uri: origin + WEB_AUTH_PATHS.loginCallback,
      silent_redirect_uri: origin + WEB_AUTH_PATHS.silentCallback,
      post_logout_redirect_uri: origin + WEB_AUTH_PATHS.logoutCallback,
      response_type: 'code',
      scope: OIDC_WEB_SCOPE,
      resource: audience,
      // The token request names the resource too, or the provider issues a token for userinfo.
      extraTokenParams: { resource: audience },
      userStore: new WebStorageStateStore({ store: window.localStorage }),
      automaticSilentRenew: false,
      monitorSession: false,
      loadUserInfo: false,
      // The profile keeps how and when the person signed in (`acr`, `amr`, `auth_time`,
      // decision 0269): a school admin's pages tell a password-only sign-in by its `acr`.
      filterProtocolClaims: ['nbf', 'jti', 'nonce', 'azp', 'at_hash'],
    });
  });
  return manager;
}

/** What a sign-in carries through the provider and back. */
export type SignInState = { returnTo: string };

/** Enough rounds for any encoding a link would carry; a value still encoded after them is refused. */
const MAX_DECODING_ROUNDS = 3;

/** The value as the browser ends up reading it, however often it was percent-encoded. */
function fullyDecoded(value: string): string | undefined {
  let current = value;
  for (let round = 0; round < MAX_DECODING_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return undefined;
}

// Browsers drop tabs and line breaks from a URL and read a backslash as a slash, so
// `/<TAB>/evil.example` and `/\evil.example` are `//evil.example`: another site.
const UNSAFE_CHARACTER = /\p{Cc}/u;
const UNSAFE_IN_PATH = /[\\\s]/;
const PLACEHOLDER_ORIGIN = 'https://portal.invalid';

/**
 * Only a page this app's router knows (WEB_ROUTES of the contracts) may be returned to, judged
 * after decoding: never another origin or a path the router would not serve, nor the sign-in
 * routes themselves, which would loop. Anything else falls back to the home page.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith('/')) return '/';
  const decoded = fullyDecoded(value);
  if (decoded === undefined || UNSAFE_CHARACTER.test(decoded)) return '/';
  const decodedPath = decoded.split(/[?#]/, 1)[0] ?? '';
  if (!decodedPath.startsWith('/') || decodedPath.startsWith('//')) return '/';
  if (UNSAFE_IN_PATH.test(decodedPath)) return '/';
  const url = new URL(value, PLACEHOLDER_ORIGIN);
  if (url.origin !== PLACEHOLDER_ORIGIN) return '/';
  const pathname = fullyDecoded(url.pathname);
  if (!pathname || /^\/(\/|auth\/)/.test(pathname) || !isKnownWebPath(pathname)) return '/';
  return url.pathname + url.search + url.hash;
}

/** The login reference of SPEC §4: a short word naming where the sign-in started. */
export function saveLoginReference(value: string | null): void {
  const reference = value && /^[a-z0-9-]{1,40}$/.test(value) ? value : LOGIN_REFERENCE.fallback;
  document.cookie = `${LOGIN_REFERENCE.cookie}=${reference}; Max-Age=${LOGIN_REFERENCE.maxAgeSeconds}; Path=/; SameSite=Lax; Secure`;
}

/** A user counts as signed in only while the access token has not expired (SPEC §4). */
export const isSignedIn = (user: User | null): user is User => user !== null && !user.expired;

let signingOut = false;

/**
 * Ends the session at the provider (RP-initiated logout), which returns to
 * `/auth/logout/callback`. The stored user goes first; meanwhile the page must not take that for
 * an expired session and start a new sign-in (`isSigningOut`).
 */
export async function signOut(idToken: string | undefined): Promise<void> {
  signingOut = true;
  const manager = await userManager();
  await manager.signoutRedirect({ id_token_hint: idToken });
}

export const isSigningOut = (): boolean => signingOut;
