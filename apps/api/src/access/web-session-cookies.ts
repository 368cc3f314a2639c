import type { CookieSerializeOptions } from '@fastify/cookie';
import { WEB_SESSION } from '@portal/contracts/sign-in-client';

/**
 * The portal's cookies for the web's origin: `__Host-` prefixed and Secure on https; on a
 * plain-http loopback origin (development, the tests) the plain names, which a browser accepts
 * there without Secure. HttpOnly (no script reads them) and SameSite=Lax: the session must come
 * along when a person follows a link to the portal from elsewhere, and Lax keeps it off other
 * sites' form posts and fetches.
 */
export function webSessionCookies(webOrigin: string) {
  const secure = new URL(webOrigin).protocol === 'https:';
  const options = (maxAge: number): CookieSerializeOptions => ({
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/',
    maxAge,
  });
  return {
    session: secure ? WEB_SESSION.secureCookie : WEB_SESSION.cookie,
    signIn: secure ? WEB_SESSION.secureSignInCookie : WEB_SESSION.signInCookie,
    options,
  };
}
export type WebSessionCookies = ReturnType<typeof webSessionCookies>;

/** The browser a call is made for: its address and user agent. */
export type BrowserFacts = { ip: string; userAgent: string | undefined };
