import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import * as client from 'openid-client';
import { INTERACTION_PATHS, PORTAL_WEB_CLIENT_ID, WEB_AUTH_PATHS } from '@portal/contracts/sign-in';
import type { Config } from '../config';
import { inProcessFetch } from '../web-session/in-process-fetch';

// Test support for the sign-in suites: openid-client as the web app's OpenID client, and a
// browser of a few lines (cookies and redirects), both talking to the app through inject().

/** The provider's endpoints the web app uses, as its discovery document names them. */
export const PROVIDER_ENDPOINTS = [
  'authorization_endpoint',
  'token_endpoint',
  'jwks_uri',
  'userinfo_endpoint',
  'revocation_endpoint',
  'end_session_endpoint',
] as const;

/** A fetch that hands each request to the app: the issuer's host, no listening port. */
export const injectFetch = (app: FastifyInstance, userAgent?: string): typeof fetch =>
  inProcessFetch(app, userAgent ? { ip: '127.0.0.1', userAgent } : undefined);

type Cookie = { name: string; value: string; path: string };

/** A browser's part of the flow: it keeps the provider's cookies by path, as browsers do. */
export function createBrowser(app: FastifyInstance, origin: string, userAgent?: string) {
  let cookies: Cookie[] = [];
  const host = new URL(origin).host;

  function store(reply: LightMyRequestResponse) {
    for (const set of reply.cookies as {
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      cookies = cookies.filter((c) => !(c.name === set.name && c.path === (set.path ?? '/')));
      const gone =
        set.maxAge === 0 ||
        (set.expires && set.expires.getTime() <= Date.now()) ||
        set.value === '';
      if (!gone) cookies.push({ name: set.name, value: set.value, path: set.path ?? '/' });
    }
  }

  async function request(
    options: InjectOptions & { url: string },
  ): Promise<LightMyRequestResponse> {
    const url = new URL(options.url, origin);
    const sent = cookies.filter((c) => url.pathname.startsWith(c.path));
    const reply = await app.inject({
      ...options,
      url: `${url.pathname}${url.search}`,
      headers: {
        ...(options.headers as Record<string, string> | undefined),
        ...(userAgent ? { 'user-agent': userAgent } : {}),
        host,
        ...(sent.length > 0 ? { cookie: sent.map((c) => `${c.name}=${c.value}`).join('; ') } : {}),
      },
    });
    store(reply);
    return reply;
  }

  return {
    request,
    get: (url: string) => request({ method: 'GET', url }),
    cookieNames: () => cookies.map((c) => `${c.name} ${c.path}`),
    forget: () => {
      cookies = [];
    },
  };
}
export type Browser = ReturnType<typeof createBrowser>;

/** The web app's client configuration, discovered from the provider like any relying party. */
export async function discoverClient(
  app: FastifyInstance,
  config: Config,
  /** The browser the web app runs in: its token requests name it. */
  userAgent?: string,
) {
  return client.discovery(
    new URL(config.oidc.issuer),
    PORTAL_WEB_CLIENT_ID,
    undefined,
    client.None(),
    {
      execute: [client.allowInsecureRequests],
      [client.customFetch]: injectFetch(app, userAgent),
    },
  );
}

const location = (reply: LightMyRequestResponse) => {
  const value = reply.headers.location;
  if (typeof value !== 'string') throw new Error(`no redirect: ${reply.statusCode} ${reply.body}`);
  return value;
};

/** An authorization request as the web app makes it: code, PKCE S256, state. */
export async function startSignIn(
  rp: client.Configuration,
  config: Config,
  browser: Browser,
  extra: Record<string, string> = {},
) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(rp, {
    redirect_uri: `${config.oidc.webOrigin}${WEB_AUTH_PATHS.loginCallback}`,
    scope: 'openid profile email offline_access',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  const reply = await browser.get(url.href);
  const page = location(reply);
  const uid = interactionUidOf(config, new URL(page, config.oidc.issuer).href);
  if (!uid) throw new Error(`not sent to the sign-in page: ${page}`);
  return { verifier, state, uid };
}

/** The interaction an address is the sign-in page of (the provider's step page); else null. */
export function interactionUidOf(config: Config, address: string): string | null {
  const issuer = new URL(config.oidc.issuer);
  const url = new URL(address, issuer);
  if (url.origin !== issuer.origin) return null;
  const prefix = `${issuer.pathname}${INTERACTION_PATHS.details.replace(':uid', '')}`;
  const uid = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : '';
  return /^[\w-]+$/.test(uid) ? uid : null;
}

export const interactionPath = (
  config: Config,
  uid: string,
  which: keyof typeof INTERACTION_PATHS,
) => `${new URL(config.oidc.issuer).pathname}${INTERACTION_PATHS[which].replace(':uid', uid)}`;

/** The sign-in page's post of the address and password. */
export const postPassword = (
  browser: Browser,
  config: Config,
  uid: string,
  body: { email: string; password: string },
  remoteAddress?: string,
) =>
  browser.request({
    method: 'POST',
    url: interactionPath(config, uid, 'login'),
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** A call of the sign-in page after the password: a step of the interaction. */
export const postStep = (
  browser: Browser,
  config: Config,
  uid: string,
  which: Exclude<keyof typeof INTERACTION_PATHS, 'details' | 'login'>,
  payload?: object,
) =>
  browser.request({
    method: payload === undefined ? 'GET' : 'POST',
    url: interactionPath(config, uid, which),
    ...(payload === undefined ? {} : { payload }),
  });

/** From the provider's resume address to the tokens, as the web app's callback does. */
export async function finishSignIn(
  rp: client.Configuration,
  config: Config,
  browser: Browser,
  started: { verifier: string; state: string },
  redirectTo: string,
  tokenParameters: Record<string, string> = { resource: config.oidc.audience },
) {
  let next = redirectTo;
  // The provider resumes, then answers the client's redirect URI with the code.
  for (
    let hop = 0;
    hop < 5 && !next.startsWith(config.oidc.webOrigin + WEB_AUTH_PATHS.loginCallback);
    hop += 1
  )
    next = new URL(location(await browser.get(next)), next).href;
  return client.authorizationCodeGrant(
    rp,
    new URL(next),
    { pkceCodeVerifier: started.verifier, expectedState: started.state },
    tokenParameters,
  );
}

/** The whole flow up to the tokens, as the web app and its visitor go through it. */
export async function signIn(
  rp: client.Configuration,
  config: Config,
  browser: Browser,
  credentials: { email: string; password: string },
  tokenParameters: Record<string, string> = { resource: config.oidc.audience },
  /** Another verifier than the one the challenge was made from, to see it refused. */
  verifierOverride?: string,
) {
  const started = await startSignIn(rp, config, browser);
  const posted = await postPassword(browser, config, started.uid, credentials);
  if (posted.statusCode !== 200)
    throw new Error(`sign-in refused: ${posted.statusCode} ${posted.body}`);
  const { redirectTo } = posted.json() as { redirectTo: string };
  return finishSignIn(
    rp,
    config,
    browser,
    { state: started.state, verifier: verifierOverride ?? started.verifier },
    redirectTo,
    tokenParameters,
  );
}
