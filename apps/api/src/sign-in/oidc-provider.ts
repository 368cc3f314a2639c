import { hkdfSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Provider, {
  errors,
  interactionPolicy,
  type Adapter,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import {
  PLATFORM_LIMITS,
  PLATFORM_SCOPES,
  SCOPE_CLAIMS,
  type SchoolClaim,
} from '@portal/contracts/platforms';
import {
  ASSURANCE_LEVELS,
  AUTHENTICATION_METHODS,
  PORTAL_WEB_CLIENT_ID,
  SIGN_IN_POLICY,
  INTERACTION_PATHS,
  WEB_AUTH_PATHS,
} from '@portal/contracts/sign-in';
import { ServiceUnavailableError } from '../http/domain-errors';
import { logBackgroundError } from '../logging/logger-options';
import { requestIdHeaders } from '../logging/request-id';
import { KEY_RELOAD_SECONDS, type ProviderKeys, type SigningKeys } from './signing-keys';
import { errorPage, returnToPlatformPage } from './provider-pages';
import { LANGUAGE_COOKIE, type SignInPageLanguage } from '@portal/contracts/sign-in-pages';
import { CLIENT_EXTRA_METADATA, secretMatches } from './client-secrets';

export type AccountClaims = {
  accountId: string;
  email: string;
  name: string;
  /** `staff` (ministry staff), `school_admin` (a principal or operator in the registry). */
  roles: string[];
  /** `ptk`, `pd` or `dinas`; null for ministry staff. */
  userType: string | null;
  /** The schools the person belongs to today, with their role at each (the `schools` scope). */
  schools: SchoolClaim[];
};

/** The ministry's platforms, registered in the console, as the provider needs them. */
export type PlatformClients = {
  /** A platform's client metadata; undefined when unknown or disabled. */
  find(clientId: string): Promise<Record<string, unknown> | undefined>;
  /** The scopes the person agreed this platform may receive. */
  agreedScopes(accountId: string, clientId: string): Promise<string[]>;
  /** Remembers a first-party platform's sign-in among the person's connected platforms. */
  connect(accountId: string, clientId: string, scopes: readonly string[]): Promise<void>;
};

type SignOutStep = { step: 'sign-out'; xsrf: string; action: string } | { step: 'signed-out' };

/** Renders the provider's sign-out pages (the sign-in pages' renderer, connected once built). */
export type RenderSignOut = (
  step: SignOutStep & { language: SignInPageLanguage },
  page: string | null,
) => Promise<string>;
type SignOutPages = { render?: RenderSignOut };

export type ProviderOptions = {
  issuer: string;
  /** The API's audience: the only resource a token may be for. */
  audience: string;
  webOrigin: string;
  /** Derives the cookie keys: every instance must sign cookies alike. */
  tokenSecret: string;
  /** Whether X-Forwarded-Proto and -Host are believed (a proxy named in TRUST_PROXY). */
  proxy: boolean;
  /**
   * Production: every URL the provider builds, and its cookies' Secure flag, follow the issuer's
   * origin, never the request's Host or a proxy's X-Forwarded-* (decision 0245).
   */
  originFromIssuer: boolean;
  adapter: (model: string) => Adapter;
  findAccount: (accountId: string) => Promise<AccountClaims | undefined>;
  platforms: PlatformClients;
  /**
   * Outside production a platform may live on this machine (the demo platform, the tests'
   * back-channel listener): the provider's outgoing requests (JWKS, back-channel logout) may
   * then reach loopback addresses, which its SSRF protection refuses in production.
   */
  allowLoopbackRequests: boolean;
  /**
   * Queues a back-channel logout token for a platform of an ended session: the outbox delivers
   * it with its retries (`deliverBackchannelLogout` signs and posts it).
   */
  queueBackchannelLogout: (clientId: string, sub: string, sid: string) => Promise<void>;
  /**
   * Notes a session's use by a browser (its sign-in and every token it gets): the profile lists
   * where an account is signed in with it.
   */
  recordSessionUse?: (sessionUid: string, userAgent: string | undefined) => Promise<void>;
};

/** Whether a client is the portal's own or a first-party platform: no consent is asked. */
const isFirstParty = (client: { clientId: string; [key: string]: unknown }): boolean =>
  client.clientId === PORTAL_WEB_CLIENT_ID || client[CLIENT_EXTRA_METADATA.firstParty] === true;

/** Whether a client's registration allows a student's badge sign-in: never the portal's own. */
export const allowsBadgeSignIn = (client: { clientId: string; [key: string]: unknown }): boolean =>
  client.clientId !== PORTAL_WEB_CLIENT_ID && client[CLIENT_EXTRA_METADATA.badgeSignIn] === true;

/**
 * The provider's prompts, with one more reason to ask for a sign-in: a session a badge opened
 * is not carried to a client that does not allow badge sign-in (the portal's own pages above
 * all, where the account's password, address and factors change). The person signs in there
 * with their password, which replaces the badge's session.
 */
function promptPolicy() {
  const { Check, base } = interactionPolicy;
  const policy = base();
  policy.get('login')?.checks.add(
    new Check('badge_session', 'A badge sign-in does not reach this client', (ctx) => {
      const amr = ctx.oidc.session?.amr;
      const client = ctx.oidc.client as unknown as { clientId: string } | undefined;
      const badge = Array.isArray(amr) && amr.includes(AUTHENTICATION_METHODS.badge);
      return badge && !(client && allowsBadgeSignIn(client))
        ? Check.REQUEST_PROMPT
        : Check.NO_NEED_TO_PROMPT;
    }),
  );
  return policy;
}

/** What runs once the provider answered a token request: the client it granted, if any. */
type TokenAnswered = (grantedTo: string | undefined) => Promise<void>;
const tokenAnswerHooks = new WeakMap<IncomingMessage, TokenAnswered>();

/**
 * Runs `then` once the provider answered this token request, before the answer is sent: with
 * the client it granted a token to, or undefined when it refused the request. A failure of
 * `then` is logged, never the request's.
 */
export function whenTokenAnswered(request: IncomingMessage, then: TokenAnswered): void {
  tokenAnswerHooks.set(request, then);
}

/** The original back-channel logout of each provider (it signs and posts the logout token). */
const backchannelDelivery = new WeakMap<
  Provider,
  (this: InstanceType<Provider['Client']>, sub: string, sid: string) => Promise<void>
>();

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** The path the provider is mounted at (`/oidc`): its routes and cookies live under it. */
export const issuerPath = (issuer: string): string => new URL(issuer).pathname.replace(/\/$/, '');

/**
 * The embedded OpenID provider (decision 0230): authorization code with PKCE only, the web app
 * as its one public client, JWT access tokens for the API's audience, refresh tokens rotating
 * on every use. Built again with each new key set (see `createProviders`).
 */
export function buildProvider(
  options: ProviderOptions,
  keys: ProviderKeys,
  signOut: SignOutPages = {},
): Provider {
  const { audience, webOrigin } = options;

  /**
   * A sign-out page in the visitor's language (the site's cookie; the page's language link sets
   * it, as the steps' link does). The link repeats a GET; a POST's parameters are not in it.
   */
  async function signOutPage(ctx: KoaContextWithOIDC, step: SignOutStep): Promise<string> {
    if (!signOut.render) throw new ServiceUnavailableError();
    const asked = ctx.query.lang;
    let language: SignInPageLanguage =
      ctx.cookies.get(LANGUAGE_COOKIE, { signed: false }) === 'en' ? 'en' : 'id';
    if (asked === 'id' || asked === 'en') {
      language = asked;
      ctx.cookies.set(LANGUAGE_COOKIE, asked, {
        signed: false,
        httpOnly: false,
        sameSite: 'lax',
        path: '/',
        maxAge: 365 * 24 * 60 * 60 * 1000,
        secure: ctx.secure,
      });
    }
    const page = ctx.method === 'GET' ? `${issuerPath(options.issuer)}${ctx.url}` : null;
    return signOut.render({ ...step, language }, page);
  }
  const mountPath = issuerPath(options.issuer);
  const cookieKey = Buffer.from(
    hkdfSync('sha256', options.tokenSecret, 'portal', 'oidc-cookies', 32),
  ).toString('base64url');

  // The platforms come from their table at every request (decision 0271): the portal's own
  // client stays in the configuration.
  const adapter = (model: string): Adapter => {
    const stored = options.adapter(model);
    if (model !== 'Client') return stored;
    return { ...stored, find: (id) => options.platforms.find(id) as ReturnType<Adapter['find']> };
  };

  const configuration: Configuration = {
    adapter,
    clients: [
      {
        client_id: PORTAL_WEB_CLIENT_ID,
        client_name: 'Portal Akun',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${webOrigin}${WEB_AUTH_PATHS.loginCallback}`],
        post_logout_redirect_uris: [`${webOrigin}${WEB_AUTH_PATHS.logoutCallback}`],
        scope: 'openid profile email offline_access',
      },
    ],
    // A platform authenticates with a secret (kept hashed), its own signed JWT, or not at all
    // (public, PKCE alone); no method that needs the secret in clear (client_secret_jwt).
    clientAuthMethods: ['none', 'client_secret_basic', 'private_key_jwt'],
    // A client assertion is a credential, and the provider remembers its `jti` (its one use)
    // only until its `exp`: one made to last a year is a year's key for whoever copies it. Its
    // life, from `iat` (or now, without one) to `exp`, is kept to a few minutes.
    assertJwtClientAuthClaimsAndHeader(_ctx, claims) {
      const { iat, exp } = claims;
      const from = typeof iat === 'number' ? iat : Math.floor(Date.now() / 1000);
      if (typeof exp !== 'number' || exp - from > PLATFORM_LIMITS.assertionMaxMinutes * MINUTE) {
        throw new errors.InvalidClientAuth(
          `client_assertion must expire within ${PLATFORM_LIMITS.assertionMaxMinutes} minutes of its iat`,
        );
      }
    },
    // The provider's calls (JWKS, back-channel logout) name the request or job they serve. Its
    // SSRF guard (the dispatcher) is left out where loopback addresses are allowed.
    fetch: (url: URL | string | Request, init: RequestInit = {}) => {
      const { dispatcher: ssrfGuard, ...rest } = init as RequestInit & { dispatcher?: unknown };
      const headers = new Headers(init.headers);
      for (const [name, value] of Object.entries(requestIdHeaders())) headers.set(name, value);
      return fetch(url, {
        ...rest,
        headers,
        ...(options.allowLoopbackRequests || !ssrfGuard ? {} : { dispatcher: ssrfGuard }),
      } as RequestInit);
    },
    extraClientMetadata: {
      properties: Object.values(CLIENT_EXTRA_METADATA),
    },
    // The token endpoint answers the web app's origin when it is not the provider's.
    clientBasedCORS: (_ctx, origin, client) =>
      client.clientId === PORTAL_WEB_CLIENT_ID && origin === webOrigin,
    scopes: [...PLATFORM_SCOPES],
    // The claims of each scope. `roles` is the portal's own: the web chooses its pages
    // by it, the API checks it; a platform never receives it.
    claims: {
      ...SCOPE_CLAIMS,
      // How and when the person signed in (decision 0269), in every ID token, not only when a
      // client asks for them by the `claims` parameter.
      openid: [...SCOPE_CLAIMS.openid, 'acr', 'amr', 'auth_time'],
      profile: [...SCOPE_CLAIMS.profile, 'roles'],
    },
    acrValues: [ASSURANCE_LEVELS.aal1, ASSURANCE_LEVELS.aal2],
    // The API's JWT access tokens carry the session they were issued in (`sid`, its uid, never
    // the cookie's id: the profile marks "this device" and keeps it when the person signs out
    // the others) and how and when the person signed in, as the ID token does: the access hook
    // asks for a second factor, and a recent one, on a school admin's sensitive routes
    // (decision 0269). The provider keeps these on the code and the refresh tokens, which a
    // rotation copies, so a refreshed token still tells the sign-in it came from.
    extraTokenClaims(ctx, token) {
      if (token.kind !== 'AccessToken') return undefined;
      const sid =
        'sessionUid' in token && typeof token.sessionUid === 'string'
          ? { sid: token.sessionUid }
          : {};
      const { AuthorizationCode, RefreshToken } = ctx.oidc.entities;
      const source = AuthorizationCode ?? RefreshToken;
      return {
        ...sid,
        ...(source?.acr ? { acr: source.acr } : {}),
        ...(source?.amr ? { amr: source.amr } : {}),
        ...(source?.authTime ? { auth_time: source.authTime } : {}),
      };
    },
    // The ID token carries the name and address: the web needs no userinfo call.
    conformIdTokenClaims: false,
    async findAccount(ctx, sub) {
      const account = await options.findAccount(sub);
      if (!account) return undefined;
      const portal = ctx.oidc.client?.clientId === PORTAL_WEB_CLIENT_ID;
      return {
        accountId: sub,
        // The provider keeps of these the claims of the scopes granted to the client.
        claims: () => ({
          sub,
          name: account.name,
          email: account.email,
          email_verified: true,
          ...(portal ? { roles: account.roles } : {}),
          schools: account.schools,
          ...(account.userType ? { user_type: account.userType } : {}),
        }),
      };
    },
    cookies: {
      keys: [cookieKey],
      long: { httpOnly: true, sameSite: 'lax', path: `${mountPath}/` },
      // The interaction cookie must reach the interaction calls, not only the page the
      // provider sends the browser to (it would scope the cookie to that page's path).
      short: { httpOnly: true, sameSite: 'lax', path: `${mountPath}/interaction/` },
    },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // A client revokes its own tokens only.
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      // A platform names where its logout token goes; the outbox delivers it (see below).
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // The confirmation and the end page are server-rendered like the steps (decision
        // 0286): the provider's form, with its secret, in the portal's look and language.
        logoutSource: async (ctx, form) => {
          const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)?.[1] ?? '';
          const action = /action="([^"]+)"/.exec(form)?.[1]?.replaceAll('&amp;', '&') ?? '';
          ctx.type = 'html';
          ctx.body = await signOutPage(ctx, { step: 'sign-out', xsrf, action });
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = await signOutPage(ctx, { step: 'signed-out' });
        },
      },
      resourceIndicators: {
        enabled: true,
        // The portal's own request that names no resource is for the API; no other resource
        // exists, and a platform's tokens are for userinfo only.
        defaultResource: (ctx) =>
          ctx.oidc.client?.clientId === PORTAL_WEB_CLIENT_ID ? audience : undefined,
        // The token request names the API to get its token; without it, a userinfo token.
        useGrantedResource: () => false,
        getResourceServerInfo(_ctx, resource, client) {
          if (resource !== audience || client.clientId !== PORTAL_WEB_CLIENT_ID) {
            throw new errors.InvalidTarget();
          }
          return {
            scope: '',
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: SIGN_IN_POLICY.accessTokenMinutes * MINUTE,
            jwt: { sign: { alg: 'RS256', kid: keys.signingKid } },
          };
        },
      },
    },
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    // Each step is a page the provider's own routes render (decision 0286), at the address the
    // interaction cookie is scoped to.
    interactions: {
      policy: promptPolicy(),
      url: (_ctx, interaction) =>
        `${options.issuer}${INTERACTION_PATHS.details.replace(':uid', interaction.uid)}`,
    },
    // The portal's own client and first-party platforms ask no consent: what they ask for,
    // within their registration, is granted with the sign-in. Another platform gets what the
    // person agreed to before (remembered until withdrawn, from any browser); the rest is asked
    // on the consent page (the provider's `consent` prompt).
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, params } = ctx.oidc;
      const accountId = session?.accountId;
      if (!client || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const found = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const firstParty = isFirstParty(client as unknown as { clientId: string });
      const requested = typeof params?.['scope'] === 'string' ? params['scope'] : '';
      const agreed = firstParty
        ? requested.split(' ').filter(Boolean)
        : await options.platforms.agreedScopes(accountId, client.clientId);
      const own = found?.accountId === accountId ? found : undefined;
      const toAdd = requested.split(' ').filter((scope) => scope && agreed.includes(scope));
      if (!own && toAdd.length === 0) return undefined;
      const grant = own ?? new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      if (toAdd.length > 0) grant.addOIDCScope(toAdd.join(' '));
      if (client.clientId === PORTAL_WEB_CLIENT_ID) grant.addResourceScope(audience, '');
      await grant.save();
      if (firstParty && client.clientId !== PORTAL_WEB_CLIENT_ID) {
        await options.platforms.connect(accountId, client.clientId, toAdd);
      }
      return grant;
    },
    // Offline access is by registration: the portal's client, and a platform allowed
    // `offline_access` (its consent page says so). The provider would grant the scope only with
    // `prompt=consent`. The portal's refresh tokens end with the session (a sign-out ends them).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    pkce: { required: () => true },
    responseTypes: ['code'],
    rotateRefreshToken: true,
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(String(out['error'] ?? 'server_error'));
    },
    ttl: {
      AuthorizationCode: SIGN_IN_POLICY.authorizationCodeMinutes * MINUTE,
      AccessToken: SIGN_IN_POLICY.accessTokenMinutes * MINUTE,
      IdToken: SIGN_IN_POLICY.idTokenMinutes * MINUTE,
      Interaction: SIGN_IN_POLICY.interactionMinutes * MINUTE,
      Session: SIGN_IN_POLICY.sessionHours * HOUR,
      Grant: SIGN_IN_POLICY.refreshTokenHours * HOUR,
      // A rotated token keeps the end of the one it replaces: a fixed life from the sign-in.
      RefreshToken: (ctx) =>
        ctx.oidc.entities.RotatedRefreshToken?.remainingTTL ??
        SIGN_IN_POLICY.refreshTokenHours * HOUR,
    },
    jwks: { keys: keys.keys as NonNullable<Configuration['jwks']>['keys'] },
  };

  const provider = new Provider(options.issuer, configuration);
  provider.proxy = options.proxy;
  // Runs around the provider's own routing: after `next`, its answer is decided and not yet sent.
  provider.use(async (ctx, next) => {
    await next();
    const then = tokenAnswerHooks.get(ctx.req);
    if (!then) return;
    tokenAnswerHooks.delete(ctx.req);
    const { oidc } = ctx as Partial<KoaContextWithOIDC>;
    const grantedTo =
      oidc?.route === 'token' && ctx.status === 200 ? oidc.client?.clientId : undefined;
    await then(grantedTo).catch((error: unknown) =>
      logBackgroundError('token request not counted', error),
    );
  });
  provider.use(returnToPlatformAfterSignOut(webOrigin));
  // A platform's secret is stored as its hash: the provider compares the hash of what it is
  // sent (oidc-provider's documented hook for hashed secrets, decision 0271).
  const clientPrototype = provider.Client.prototype as unknown as Record<string, unknown> & {
    clientSecret?: string;
    backchannelLogout: (sub: string, sid: string) => Promise<void>;
  };
  clientPrototype['compareClientSecret'] = function (
    this: Record<string, unknown>,
    presented: string,
  ) {
    const previousUntil = this[CLIENT_EXTRA_METADATA.previousSecretUntil];
    return secretMatches(presented, {
      hash: this['clientSecret'] as string | undefined,
      previousHash: this[CLIENT_EXTRA_METADATA.previousSecretHash] as string | undefined,
      ...(typeof previousUntil === 'number' ? { previousUntil } : {}),
    });
  };
  // A session's end queues each platform's logout token in the outbox, which retries it; the
  // provider's own delivery (one attempt) is kept for the outbox to call.
  backchannelDelivery.set(provider, clientPrototype.backchannelLogout);
  clientPrototype.backchannelLogout = function (
    this: { clientId: string },
    sub: string,
    sid: string,
  ) {
    return options.queueBackchannelLogout(this.clientId, sub, sid);
  };
  if (options.originFromIssuer) pinOrigin(provider, options.issuer);
  return provider;
}

/**
 * The sign-out confirmation is a form on the provider's page, whose policy (`form-action 'self'`)
 * the browser applies to every redirect of that form's submission: the provider's redirect to
 * a platform's registered post-logout address, on another origin, would be refused and leave the
 * person on the confirmation. That redirect becomes a page of its own that opens the address,
 * a navigation no form policy governs; the address is still the one the provider checked
 * against the platform's registration.
 */
function returnToPlatformAfterSignOut(webOrigin: string) {
  const ownOrigin = new URL(webOrigin).origin;
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    if (ctx.oidc?.route !== 'end_session_confirm' || ctx.status !== 303) return;
    const location = ctx.response.get('location');
    if (!location || new URL(location, ownOrigin).origin === ownOrigin) return;
    ctx.remove('location');
    ctx.status = 200;
    ctx.type = 'html';
    ctx.body = returnToPlatformPage(location, ctx.oidc.client?.clientName);
  };
}

/**
 * Makes the provider's requests read their scheme and host from the issuer. Koa builds URLs
 * (discovery, redirects) from `protocol` and `host`, and cookies get Secure from `secure`, which
 * follows `protocol`: a Host header would otherwise name the endpoints, and TLS ended at a proxy
 * nobody configured as trusted would leave the session cookies without Secure.
 */
function pinOrigin(provider: Provider, issuer: string): void {
  const { protocol, host } = new URL(issuer);
  const scheme = protocol.slice(0, -1);
  Object.defineProperties(provider.request, {
    protocol: { get: () => scheme },
    host: { get: () => host },
  });
}

type Current = {
  provider: Provider;
  callback: ReturnType<Provider['callback']>;
  fingerprint: string;
};

/**
 * The provider of the current key set, built again when the keys change: a rotation by the
 * command, or another instance's first key, reaches every instance within a reload.
 */
export function createProviders(options: ProviderOptions, keys: SigningKeys) {
  let current: Current | undefined;
  const signOut: SignOutPages = {};
  let timer: NodeJS.Timeout | undefined;

  async function reload(): Promise<void> {
    await keys.ensureSigningKey();
    const set = await keys.providerKeys();
    if (current?.fingerprint === set.fingerprint) return;
    const provider = buildProvider(options, set, signOut);
    provider.on('server_error', (_ctx: unknown, error: unknown) =>
      logBackgroundError('sign-in provider error', error),
    );
    const recordUse = options.recordSessionUse;
    if (recordUse) {
      const note = (ctx: KoaContextWithOIDC) => {
        const { entities, session } = ctx.oidc;
        // A session this request changed is saved after it, with its use (the adapter).
        if ((session as { touched?: boolean } | undefined)?.touched) return;
        const uid =
          entities.AccessToken?.sessionUid ??
          entities.AuthorizationCode?.sessionUid ??
          entities.RefreshToken?.sessionUid ??
          session?.uid;
        if (!uid) return;
        recordUse(uid, ctx.get('user-agent') || undefined).catch((error: unknown) =>
          logBackgroundError('session use not recorded', error),
        );
      };
      provider.on('authorization.success', note);
      provider.on('grant.success', note);
    }
    current = { provider, callback: provider.callback(), fingerprint: set.fingerprint };
  }

  const ready = (): Current => {
    if (!current) throw new ServiceUnavailableError();
    return current;
  };

  return {
    reload,
    provider: () => ready().provider,
    /** The renderer of the sign-out pages, built after the providers (the sign-in pages'). */
    connectSignOutPages(render: RenderSignOut): void {
      signOut.render = render;
    },
    /**
     * Signs and posts one back-channel logout token (the outbox's delivery): nothing to do when
     * the platform is gone, disabled or no longer names a back-channel address.
     */
    async deliverBackchannelLogout(clientId: string, sub: string, sid: string): Promise<void> {
      const { provider } = ready();
      const client = await provider.Client.find(clientId);
      const deliver = backchannelDelivery.get(provider);
      if (!client?.backchannelLogoutUri || !deliver) return;
      await deliver.call(client, sub, sid);
    },
    callback: () => ready().callback,
    async start(): Promise<void> {
      await reload();
      timer = setInterval(() => {
        reload().catch((error: unknown) => logBackgroundError('sign-in keys not reloaded', error));
      }, KEY_RELOAD_SECONDS * 1000);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
    },
  };
}
export type Providers = ReturnType<typeof createProviders>;
