/**
 * What the web client and the API's OpenID provider agree on by default. Either side can be
 * configured otherwise (OIDC_* on the API, VITE_OIDC_* on the web); these keep `npm start` working
 * with no configuration at all.
 */
export const DEFAULT_OIDC_CLIENT_ID = 'portal-web';

/** The API as a resource (RFC 8707): the audience of every access token the web asks for. */
export const DEFAULT_OIDC_AUDIENCE = 'urn:portal:api';

/** The scopes the web asks for: identity, the personal e-mail, and refresh (SPEC §7). */
export const OIDC_WEB_SCOPE = 'openid profile email offline_access';

/** The web paths the provider returns to (SPEC §2). */
export const OIDC_WEB_CALLBACKS = {
  signIn: '/auth/login/callback',
  silent: '/auth/silent/callback',
  signOut: '/auth/logout/callback',
} as const;

/** Where the provider sends the browser to sign in; `:uid` is the interaction's id. */
export const SIGN_IN_INTERACTION_PATH = '/auth/interaction';

/** The login reference cookie (SPEC §4, §9): default value and lifetime. */
export const LOGIN_REFERENCE = {
  cookie: 'login_ref',
  fallback: 'user-profile',
  maxAgeSeconds: 86_400,
};
