import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import {
  OIDC_WEB_SCOPE,
  PORTAL_WEB_CLIENT_ID,
  WEB_AUTH_PATHS,
  type WebSessionUser,
} from '@portal/contracts/sign-in-client';
import { safeReturnPath } from '@portal/contracts/return-path';
import { SIGN_IN_POLICY } from '@portal/contracts/sign-in';
import type { AuditLog } from '../audit/audit-log';
import { createSealer } from '../credentials/sealing';
import type { Db } from '../db/database';
import type { SignInSessions } from '../sign-in/oidc-adapter';
import type { ShortLivedStore } from '../sign-in/oidc-adapter-short-lived';
import { enforceLimit, type RateLimitStore } from '../counters/rate-limit-store';
import type { BrowserFacts } from '../access/web-session-cookies';
import { createWebSessionRepository, type StoredWebSession } from './web-session-repository';

/** What a sign-in in progress keeps until its callback. */
type PendingSignIn = {
  /** Digest of the browser-binding cookie's value: the callback must come from that browser. */
  browser: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string;
};

export type WebSessionDependencies = {
  db: Db;
  /** The embedded provider's issuer, the API's audience and the web's origin (config.oidc). */
  issuer: string;
  audience: string;
  webOrigin: string;
  tokenSecret: string;
  /** The provider's sessions: a sign-out at the portal ends the one it signed in with. */
  sessions: Pick<SignInSessions, 'list' | 'end'>;
  audit: Pick<AuditLog, 'record'>;
  /** Whether the provider's session `sid` of `sub` is live (ended elsewhere, or expired). */
  sessionIsLive: (sub: string, sid: string) => Promise<boolean>;
  /**
   * Where the sign-ins in progress wait for their callback: beside the provider's interactions
   * (Redis or memory, decision 0288), so an anonymous start writes nothing to PostgreSQL.
   */
  pending: Pick<ShortLivedStore, 'upsert' | 'find' | 'destroy'>;
  /** The per-address limit on starting sign-ins, counted before anyone is known. */
  starts: { counters: RateLimitStore; perIpPerMinute: number };
};

/** The short-lived store could not keep or read a sign-in in progress: start again later. */
export class SignInUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the sign-in in progress could not be kept or read', { cause });
    this.name = 'SignInUnavailableError';
  }
}

/** Why a callback cannot complete: each is the browser's or an old link's, never a fault. */
export type CallbackRefusal =
  | 'missing-parameters'
  | 'unknown-sign-in'
  | 'other-browser'
  | 'provider-error'
  | 'exchange-refused';

export class CallbackRefusedError extends Error {
  constructor(readonly refusal: CallbackRefusal) {
    super(`sign-in callback refused: ${refusal}`);
    this.name = 'CallbackRefusedError';
  }
}

const HOUR = 3600;
/** The short-lived store's name for the portal's sign-ins in progress (never the provider's). */
const PENDING_MODEL = 'PortalSignIn';
/** A sign-in in progress lives as long as the provider's interaction for it. */
const PENDING_SECONDS = SIGN_IN_POLICY.interactionMinutes * 60;
/** The portal's session ends when its refresh token does: a rotation keeps that end. */
export const WEB_SESSION_SECONDS = SIGN_IN_POLICY.refreshTokenHours * HOUR;
/** An access token this close to its end is refreshed before it is used. */
const REFRESH_AHEAD_SECONDS = 30;

/** A cookie's value: 256 random bits; the store keeps only its digest. */
const newSecret = () => randomBytes(32).toString('base64url');
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** The ID token's claims the web shows or chooses its pages by. */
const PROFILE_CLAIMS = ['sub', 'name', 'email', 'roles', 'acr', 'amr', 'auth_time'] as const;

/**
 * The portal's own session on the server (decision 0287, the backend-for-frontend of "OAuth 2.0
 * for Browser-Based Applications"): the API is the web's OpenID client (openid-client, decision
 * 0291). It starts a sign-in with PKCE and state kept here, exchanges the code, keeps the tokens
 * sealed, refreshes them as calls need, and ends its session with the provider's. The browser
 * holds only the session cookie's random value.
 */
export function createWebSessionService(deps: WebSessionDependencies) {
  const repository = createWebSessionRepository(deps.db);
  const sealer = createSealer(deps.tokenSecret, 'portal-web-session');
  const insecure = new URL(deps.issuer).protocol === 'http:';
  const redirectUri = `${deps.webOrigin}${WEB_AUTH_PATHS.loginCallback}`;
  let providerFetch: ((browser?: BrowserFacts) => typeof fetch) | undefined;
  let discovered: Promise<client.Configuration> | undefined;
  /** Refreshes running in this process, by session: one refresh token is used once. */
  const refreshing = new Map<string, Promise<StoredWebSession | undefined>>();

  const fetcher = (browser?: BrowserFacts) => {
    if (!providerFetch) throw new Error('the portal session has no way to reach the provider');
    return providerFetch(browser);
  };

  /** The provider's metadata, read once; a failed read is tried again by the next call. */
  function metadata(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(new URL(deps.issuer), PORTAL_WEB_CLIENT_ID, undefined, client.None(), {
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        [client.customFetch]: fetcher(),
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  /** The client for one browser's calls: the provider sees that browser's address and agent. */
  async function clientFor(browser: BrowserFacts): Promise<client.Configuration> {
    const base = await metadata();
    const configuration = new client.Configuration(
      base.serverMetadata(),
      PORTAL_WEB_CLIENT_ID,
      undefined,
      client.None(),
    );
    if (insecure) client.allowInsecureRequests(configuration);
    configuration[client.customFetch] = fetcher(browser);
    return configuration;
  }

  const sealed = (id: string, kind: string, value: string) => sealer.seal(`${id}:${kind}`, value);
  const opened = (id: string, kind: string, value: string) => sealer.open(`${id}:${kind}`, value);

  /** The session's record from a token answer; the claims stay when a refresh brings none. */
  function recordOf(
    id: string,
    tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
    previous?: StoredWebSession,
  ): StoredWebSession {
    const claims = tokens.claims() ?? previous?.claims;
    // The provider's session is named in the API's access token (`sid`); the ID token the
    // portal gets names none (it has no front- or back-channel logout of its own).
    const { sid } = decodeJwt(tokens.access_token);
    if (!claims || typeof sid !== 'string' || !tokens.refresh_token || !tokens.id_token) {
      throw new CallbackRefusedError('exchange-refused');
    }
    return {
      sid,
      sealedAccessToken: sealed(id, 'access', tokens.access_token),
      sealedRefreshToken: sealed(id, 'refresh', tokens.refresh_token),
      sealedIdToken: sealed(id, 'id', tokens.id_token),
      accessExpiresAt: now() + (tokens.expiresIn() ?? 0),
      claims: Object.fromEntries(
        PROFILE_CLAIMS.filter((name) => claims[name] !== undefined).map((name) => [
          name,
          claims[name],
        ]),
      ),
      version: (previous?.version ?? 0) + 1,
    };
  }

  /** A refresh of the session's tokens, stored over the version it read; undefined if refused. */
  async function refresh(
    id: string,
    current: StoredWebSession,
    browser: BrowserFacts,
  ): Promise<StoredWebSession | undefined> {
    let tokens;
    try {
      tokens = await client.refreshTokenGrant(
        await clientFor(browser),
        opened(id, 'refresh', current.sealedRefreshToken),
        { resource: deps.audience },
      );
    } catch (error) {
      // The provider refused the refresh token (its session ended): the portal's ends too.
      if (error instanceof client.ResponseBodyError) {
        await repository.deleteSession(id);
        return undefined;
      }
      throw error;
    }
    const next = recordOf(id, tokens, current);
    if (await repository.replaceSession(id, current.version, next)) return next;
    // Another instance refreshed first: its tokens are the live ones.
    return (await repository.findSession(id))?.session;
  }

  /** The sign-in in progress, removed as it is read: a callback is answered once. */
  async function takePending(id: string): Promise<PendingSignIn | undefined> {
    try {
      const found = await deps.pending.find(PENDING_MODEL, id);
      if (!found) return undefined;
      await deps.pending.destroy(PENDING_MODEL, id);
      return found.payload as PendingSignIn;
    } catch (error) {
      throw new SignInUnavailableError(error);
    }
  }

  return {
    /** The web's origin: the session cookie's site, and the only origin a change may come from. */
    webOrigin: deps.webOrigin,
    /** Connects the service to the provider's HTTP application (app.ts, once it is built). */
    connectProvider(fetchFor: (browser?: BrowserFacts) => typeof fetch): void {
      providerFetch = fetchFor;
    },

    /**
     * Starts a sign-in: the provider's authorization URL, and the value of the cookie that binds
     * this sign-in to the browser. `returnTo` is kept only when it is one of the web's pages.
     */
    async startSignIn(options: {
      /** The caller's address: starts are limited per address (nobody is known yet). */
      ip: string;
      returnTo: string | undefined;
      reauthenticate: boolean;
      /** The browser's binding from a sign-in it started before, if any. */
      browserBinding: string | undefined;
    }): Promise<{ location: string; browserBinding: string }> {
      await enforceLimit(
        deps.starts.counters,
        `web-sign-in-start:${options.ip}`,
        deps.starts.perIpPerMinute,
        60_000,
      );
      const configuration = await metadata();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const browserBinding = options.browserBinding ?? newSecret();
      const pending: PendingSignIn = {
        browser: digest(browserBinding),
        codeVerifier,
        nonce,
        returnTo: safeReturnPath(options.returnTo),
      };
      await deps.pending
        .upsert(PENDING_MODEL, digest(state), pending, PENDING_SECONDS)
        .catch((error: unknown) => {
          throw new SignInUnavailableError(error);
        });
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: OIDC_WEB_SCOPE,
        resource: deps.audience,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        // A step-up or a fresh sign-in: the provider asks again even within its session.
        ...(options.reauthenticate ? { prompt: 'login' } : {}),
      });
      return { location: url.href, browserBinding };
    },

    /**
     * Completes a sign-in from the provider's answer (`callbackUrl`): checks the state against
     * the sign-in this browser started, exchanges the code with its PKCE verifier, and keeps the
     * tokens. The new session's cookie value and the page to return to.
     */
    async completeSignIn(options: {
      callbackUrl: URL;
      browserBinding: string | undefined;
      browser: BrowserFacts;
    }): Promise<{ sessionCookie: string; returnTo: string }> {
      const { callbackUrl } = options;
      const state = callbackUrl.searchParams.get('state');
      if (!state) throw new CallbackRefusedError('missing-parameters');
      const pending = await takePending(digest(state));
      if (!pending) throw new CallbackRefusedError('unknown-sign-in');
      if (!options.browserBinding || digest(options.browserBinding) !== pending.browser) {
        throw new CallbackRefusedError('other-browser');
      }
      if (callbackUrl.searchParams.has('error')) throw new CallbackRefusedError('provider-error');
      if (!callbackUrl.searchParams.get('code'))
        throw new CallbackRefusedError('missing-parameters');
      let tokens;
      try {
        tokens = await client.authorizationCodeGrant(
          await clientFor(options.browser),
          callbackUrl,
          {
            pkceCodeVerifier: pending.codeVerifier,
            expectedState: state,
            expectedNonce: pending.nonce,
          },
          { resource: deps.audience },
        );
      } catch (error) {
        // What the provider or the client's checks refused (a used or wrong code, a wrong
        // issuer): the browser's to retry. A fault reaching the provider is a fault.
        if (
          error instanceof client.ResponseBodyError ||
          error instanceof client.AuthorizationResponseError ||
          error instanceof client.ClientError
        ) {
          throw new CallbackRefusedError('exchange-refused');
        }
        throw error;
      }
      const sessionCookie = newSecret();
      const id = digest(sessionCookie);
      await repository.saveSession(id, recordOf(id, tokens), WEB_SESSION_SECONDS);
      return { sessionCookie, returnTo: pending.returnTo };
    },

    /** Who the session's cookie is for, and until when; null for no live session. */
    async sessionUser(cookie: string | undefined): Promise<WebSessionUser | null> {
      if (!cookie) return null;
      const found = await repository.findSession(digest(cookie));
      if (!found) return null;
      const { claims, sid } = found.session;
      const sub = claims['sub'];
      // Signed out elsewhere (the profile's sessions, a password change, another tab's sign-out):
      // the portal's session went with the provider's.
      if (typeof sub !== 'string' || !(await deps.sessionIsLive(sub, sid))) {
        await repository.deleteSession(digest(cookie));
        return null;
      }
      return {
        profile: { ...claims, sub } as WebSessionUser['profile'],
        expires_at: Math.floor(found.expiresAt.getTime() / 1000),
      };
    },

    /**
     * The session's access token for a call to the API, refreshed first when it is about to
     * end; undefined when the session is gone or the provider refuses to refresh it.
     */
    async accessToken(cookie: string, browser: BrowserFacts): Promise<string | undefined> {
      const id = digest(cookie);
      const found = await repository.findSession(id);
      if (!found) return undefined;
      let session: StoredWebSession | undefined = found.session;
      if (session.accessExpiresAt - REFRESH_AHEAD_SECONDS <= now()) {
        let running = refreshing.get(id);
        if (!running) {
          running = refresh(id, session, browser).finally(() => refreshing.delete(id));
          refreshing.set(id, running);
        }
        session = await running;
      }
      return session ? opened(id, 'access', session.sealedAccessToken) : undefined;
    },

    /**
     * Ends the portal's session and the provider's session it signed in with (its platforms
     * hear of it by back-channel logout). Nothing to end is no error: the person is signed out.
     */
    async signOut(cookie: string | undefined, ip: string): Promise<void> {
      if (!cookie) return;
      const ended = await repository.deleteSession(digest(cookie));
      const sub = ended?.claims['sub'];
      if (!ended || typeof sub !== 'string') return;
      const session = (await deps.sessions.list(sub)).find((live) => live.uid === ended.sid);
      await deps.db.transaction(async (tx) => {
        if (session) await deps.sessions.end(tx, sub, [session]);
        await deps.audit.record({ action: 'sign-out', outcome: 'portal-signed-out', ip }, tx);
      });
    },
  };
}
export type WebSessionService = ReturnType<typeof createWebSessionService>;
