// What the portal's sign-in shares without zod: its client at the provider, its return
// addresses, the login reference cookie and the session's shape.

/** The web app's client at the provider, and its pages the provider returns to. */
export const PORTAL_WEB_CLIENT_ID = 'portal-web';
export const WEB_AUTH_PATHS = {
  loginCallback: '/auth/login/callback',
  logoutCallback: '/auth/logout/callback',
  /** An older address of an interaction's sign-in page, which the server redirects. */
  signIn: '/auth/sign-in',
} as const;

/** The scopes the web asks for: identity, the personal e-mail, and refresh (SPEC §7). */
export const OIDC_WEB_SCOPE = 'openid profile email offline_access';

/** The login reference cookie (SPEC §4, §9): default value and lifetime. */
export const LOGIN_REFERENCE = {
  cookie: 'login_ref',
  fallback: 'user-profile',
  maxAgeSeconds: 86_400,
} as const;

/**
 * The portal's own session, kept on the server (backend-for-frontend, decision 0287): the
 * browser holds only this cookie, HttpOnly, never a token. The name takes the `__Host-` prefix
 * on an https origin (Secure, Path=/, no Domain); plain-http loopback development cannot set it.
 */
export const WEB_SESSION = {
  cookie: 'portal_session',
  secureCookie: '__Host-portal_session',
  /** Binds a sign-in in progress to the browser that started it (state is not enough alone). */
  signInCookie: 'portal_sign_in',
  secureSignInCookie: '__Host-portal_sign_in',
  paths: {
    /** GET: who is signed in (the ID token's claims) and until when; `null` when nobody is. */
    session: '/auth/session',
    /** POST: ends the portal's session and the provider's, then goes home. */
    logout: '/auth/logout',
  },
  /** `/auth/logout/callback?signed-out=1` tells the home page the sign-out happened. */
  signedOutParam: 'signed-out',
} as const;

/** The signed-in person as the web reads them: the ID token's claims, no token. */
export type WebSessionUser = {
  profile: {
    sub: string;
    name?: string;
    email?: string;
    roles?: string[];
    acr?: string;
    amr?: string[];
    auth_time?: number;
  };
  /** When the portal's session ends (seconds since the epoch), then the web shows it ended. */
  expires_at: number;
};

/** The login reference of SPEC §4 as given (`?ref=`): a short word, else the default one. */
export const loginReferenceOf = (value: string | null | undefined): string =>
  value && /^[a-z0-9-]{1,40}$/.test(value) ? value : LOGIN_REFERENCE.fallback;
