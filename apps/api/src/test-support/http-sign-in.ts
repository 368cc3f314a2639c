import * as client from 'openid-client';
import { generate } from 'otplib';
import { PORTAL_WEB_CLIENT_ID, WEB_AUTH_PATHS } from '@portal/contracts/sign-in';
import { SIGN_IN_METHODS_ROUTES } from '@portal/contracts/sign-in-methods';

/**
 * A learning account's access token through the provider's real sign-in over HTTP, as the web
 * app and a browser do it: discovery, the authorization request with PKCE, the password, the
 * redirects and the token request. For benchmarks and fault tests against a running server
 * whose PUBLIC_URL is `origin`; the suites on `inject()` use test-support/platform-sign-in.ts.
 * `headers` go with the browser's requests (an X-Forwarded-For behind a trusted proxy).
 */
export async function signInOverHttp(
  origin: string,
  credentials: { email: string; password: string },
  headers: Record<string, string> = {},
  /** The secret of the account's authenticator app, to answer the second factor's step. */
  totpSecret?: string,
): Promise<string> {
  const cookies = new Map<string, string>();
  const browserFetch = async (target: string, init: RequestInit = {}) => {
    const response = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: {
        ...headers,
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([key, value]) => `${key}=${value}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [key = '', value = ''] = pair.split('=');
      cookies.set(key, value);
    }
    return response;
  };
  const rp = await client.discovery(
    new URL(`${origin}/oidc`),
    PORTAL_WEB_CLIENT_ID,
    undefined,
    client.None(),
    { execute: [client.allowInsecureRequests] },
  );
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const authorize = client.buildAuthorizationUrl(rp, {
    redirect_uri: `${origin}${WEB_AUTH_PATHS.loginCallback}`,
    scope: 'openid profile email offline_access',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const page = (await browserFetch(authorize.href)).headers.get('location') ?? '';
  const uid = page.split('/').pop() ?? '';
  const posted = await browserFetch(`${origin}/oidc/interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  // The status only: the body of a refusal may name the account.
  if (!posted.ok) throw new Error(`the sign-in was refused: ${posted.status}`);
  let answer = (await posted.json()) as { redirectTo?: string; step?: string };
  if (answer.step === 'totp' && totpSecret) {
    const verified = await browserFetch(`${origin}/oidc/interaction/${uid}/totp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The next time step's code: the enrolment may have spent this step's (a code counts once).
      body: JSON.stringify({
        code: await generate({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) + 30 }),
      }),
    });
    if (!verified.ok) throw new Error(`the second factor was refused: ${verified.status}`);
    answer = (await verified.json()) as typeof answer;
  }
  // An initial password, or a second factor without its secret, asks for a step of its own.
  if (!answer.redirectTo) throw new Error(`the sign-in asks for a step: ${answer.step ?? '?'}`);
  let next = answer.redirectTo;
  while (!next.startsWith(`${origin}${WEB_AUTH_PATHS.loginCallback}`)) {
    next = new URL((await browserFetch(next)).headers.get('location') ?? '', next).href;
  }
  const tokens = await client.authorizationCodeGrant(
    rp,
    new URL(next),
    { pkceCodeVerifier: verifier, expectedState: state },
    { resource: `${origin}/belajar-id` },
  );
  return tokens.access_token;
}

/**
 * Enrols an authenticator app for the account behind `accessToken` through the profile's calls
 * over HTTP, as the sign-in methods page does: the app's secret.
 */
export async function enrolAuthenticatorOverHttp(
  apiBase: string,
  accessToken: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const call = (path: string, body?: object) =>
    fetch(`${apiBase}${path}`, {
      method: 'POST',
      headers: {
        ...headers,
        authorization: `Bearer ${accessToken}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const started = await call(SIGN_IN_METHODS_ROUTES.totpStart);
  if (!started.ok) throw new Error(`the enrolment was refused: ${started.status}`);
  const { secret } = ((await started.json()) as { data: { secret: string } }).data;
  const confirmed = await call(SIGN_IN_METHODS_ROUTES.totpConfirm, {
    code: await generate({ secret }),
  });
  if (!confirmed.ok) throw new Error(`the confirmation was refused: ${confirmed.status}`);
  return secret;
}
