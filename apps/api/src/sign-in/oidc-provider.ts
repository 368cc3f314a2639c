import { hkdfSync } from 'node:crypto';
import Provider, {
  errors,
  type Adapter,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import {
  ASSURANCE_LEVELS,
  PORTAL_WEB_CLIENT_ID,
  SIGN_IN_POLICY,
  WEB_AUTH_PATHS,
} from '@portal/contracts/sign-in';
import { ServiceUnavailableError } from '../http/domain-errors';
import { logBackgroundError } from '../logging/logger-options';
import { KEY_RELOAD_SECONDS, type ProviderKeys, type SigningKeys } from './signing-keys';
import { errorPage } from './provider-pages';

export type AccountClaims = {
  accountId: string;
  email: string;
  name: string;
  /** `staff` (ministry staff), `school_admin` (a principal or operator in the registry). */
  roles: string[];
  /** The NPSNs of the schools a school admin runs. */
  schools: string[];
};

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
};

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** The path the provider is mounted at (`/oidc`): its routes and cookies live under it. */
export const issuerPath = (issuer: string): string => new URL(issuer).pathname.replace(/\/$/, '');

/**
 * The embedded OpenID provider (decision 0230): authorization code with PKCE only, the web app
 * as its one public client, JWT access tokens for the API's audience, refresh tokens rotating
 * on every use. Built again with each new key set (see `createProviders`).
 */
export function buildProvider(options: ProviderOptions, keys: ProviderKeys): Provider {
  const { audience, webOrigin } = options;
  const mountPath = issuerPath(options.issuer);
  const cookieKey = Buffer.from(
    hkdfSync('sha256', options.tokenSecret, 'portal', 'oidc-cookies', 32),
  ).toString('base64url');

  const configuration: Configuration = {
    adapter: options.adapter,
    clients: [
      {
        client_id: PORTAL_WEB_CLIENT_ID,
        client_name: 'Portal Akun',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [
          `${webOrigin}${WEB_AUTH_PATHS.loginCallback}`,
          `${webOrigin}${WEB_AUTH_PATHS.silentCallback}`,
        ],
        post_logout_redirect_uris: [`${webOrigin}${WEB_AUTH_PATHS.logoutCallback}`],
        scope: 'openid profile email offline_access',
      },
    ],
    // The token endpoint answers the web app's origin when it is not the provider's.
    clientBasedCORS: (_ctx, origin, client) =>
      client.clientId === PORTAL_WEB_CLIENT_ID && origin === webOrigin,
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    // Rights travel with the identity: the web chooses its pages by them, the API checks them.
    claims: {
      // How and when the person signed in (decision 0269), in every ID token, not only when a
      // client asks for them by the `claims` parameter.
      openid: ['sub', 'acr', 'amr', 'auth_time'],
      profile: ['name', 'roles', 'schools'],
      email: ['email', 'email_verified'],
    },
    acrValues: [ASSURANCE_LEVELS.aal1, ASSURANCE_LEVELS.aal2],
    // The API's JWT access tokens say how and when the person signed in, as the ID token does:
    // the access hook asks for a second factor, and a recent one, on a school admin's sensitive
    // routes (decision 0269). The provider keeps them on the code and the refresh tokens, which a
    // rotation copies, so a refreshed token still tells the sign-in it came from.
    extraTokenClaims(ctx, token) {
      if (token.kind !== 'AccessToken') return undefined;
      const { AuthorizationCode, RefreshToken } = ctx.oidc.entities;
      const source = AuthorizationCode ?? RefreshToken;
      if (!source) return undefined;
      return {
        ...(source.acr ? { acr: source.acr } : {}),
        ...(source.amr ? { amr: source.amr } : {}),
        ...(source.authTime ? { auth_time: source.authTime } : {}),
      };
    },
    // The ID token carries the name and address: the web needs no userinfo call.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = await options.findAccount(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: account.name,
          email: account.email,
          email_verified: true,
          roles: account.roles,
          schools: account.schools,
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
      rpInitiatedLogout: {
        enabled: true,
        // The confirmation is the web's page, in the portal's look and language; it posts
        // this form's secret back. The secret travels in the fragment, never to a server log.
        logoutSource: (ctx, form) => {
          const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)?.[1] ?? '';
          ctx.redirect(`${webOrigin}${WEB_AUTH_PATHS.signOut}#xsrf=${encodeURIComponent(xsrf)}`);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.redirect(`${webOrigin}${WEB_AUTH_PATHS.signOut}#done`);
        },
      },
      resourceIndicators: {
        enabled: true,
        // A request that names no resource is for the API; no other resource exists.
        defaultResource: () => audience,
        // The token request names the API to get its token; without it, a userinfo token.
        useGrantedResource: () => false,
        getResourceServerInfo(_ctx, resource) {
          if (resource !== audience) throw new errors.InvalidTarget();
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
    interactions: {
      url: (_ctx, interaction) => `${webOrigin}${WEB_AUTH_PATHS.signIn}/${interaction.uid}`,
    },
    // The portal's own client asks no consent: what it asks for, within its registration, is
    // granted with the sign-in.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, params } = ctx.oidc;
      const accountId = session?.accountId;
      if (!client || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const found = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        found?.accountId === accountId
          ? found
          : new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      if (typeof params?.['scope'] === 'string') grant.addOIDCScope(params['scope']);
      grant.addResourceScope(audience, '');
      await grant.save();
      return grant;
    },
    // Offline access is the portal client's by registration: the provider would grant the
    // `offline_access` scope only with `prompt=consent`, a page the portal does not have. Its
    // refresh tokens end with the session (a sign-out ends them), as without that scope.
    issueRefreshToken: (_ctx, client) =>
      client.clientId === PORTAL_WEB_CLIENT_ID && client.grantTypeAllowed('refresh_token'),
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
  if (options.originFromIssuer) pinOrigin(provider, options.issuer);
  return provider;
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
  let timer: NodeJS.Timeout | undefined;

  async function reload(): Promise<void> {
    await keys.ensureSigningKey();
    const set = await keys.providerKeys();
    if (current?.fingerprint === set.fingerprint) return;
    const provider = buildProvider(options, set);
    provider.on('server_error', (_ctx: unknown, error: unknown) =>
      logBackgroundError('sign-in provider error', error),
    );
    current = { provider, callback: provider.callback(), fingerprint: set.fingerprint };
  }

  const ready = (): Current => {
    if (!current) throw new ServiceUnavailableError();
    return current;
  };

  return {
    reload,
    provider: () => ready().provider,
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
