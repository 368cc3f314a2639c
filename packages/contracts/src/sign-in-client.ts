// What the web's OpenID client needs, without zod: the sign-in page (`/auth/login`) only sends
// the browser to the provider, and the schemas of sign-in.ts would bring zod into its first
// JavaScript (issue 38, bench/README.md). sign-in.ts re-exports these.

/** The web app's client at the provider, and its pages the provider returns to. */
export const PORTAL_WEB_CLIENT_ID = 'portal-web';
export const WEB_AUTH_PATHS = {
  loginCallback: '/auth/login/callback',
  silentCallback: '/auth/silent/callback',
  logoutCallback: '/auth/logout/callback',
  /** The sign-in page of an interaction: `/auth/sign-in/<uid>`. */
  signIn: '/auth/sign-in',
  /**
   * The provider's sign-out confirmation, in the portal's look: `#xsrf=<secret>` asks, `#done`
   * says the session has ended.
   */
  signOut: '/auth/sign-out',
} as const;

/** The scopes the web asks for: identity, the personal e-mail, and refresh (SPEC §7). */
export const OIDC_WEB_SCOPE = 'openid profile email offline_access';

/** The login reference cookie (SPEC §4, §9): default value and lifetime. */
export const LOGIN_REFERENCE = {
  cookie: 'login_ref',
  fallback: 'user-profile',
  maxAgeSeconds: 86_400,
} as const;
