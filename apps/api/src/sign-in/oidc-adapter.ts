import { LRUCache } from 'lru-cache';
import { PORTAL_WEB_CLIENT_ID } from '@portal/contracts/sign-in';
import Provider, { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { z } from 'zod';
import type { Db, Transaction } from '../db/database';
import { createOidcAdapterRepository, type OidcModelRow } from './oidc-adapter-repository';
import {
  SHORT_LIVED_MODELS,
  type ShortLivedEntry,
  type ShortLivedStore,
} from './oidc-adapter-short-lived';

// The provider reads a used code or refresh token by its `consumed` time: a second use of a
// refresh token then revokes its whole grant.
const toPayload = (row: OidcModelRow | undefined): AdapterPayload | undefined =>
  row
    ? {
        ...(row.payload as AdapterPayload),
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      }
    : undefined;

// A session's use is noted at most this often: the profile's "last used" is that precise, and
// a platform refreshing every few minutes costs no write for it each time.
const SESSION_USE_EVERY_MS = 60_000;
// Sessions noted within that time, per instance; a larger number only means more writes.
const sessionUseNoted = new LRUCache<string, true>({
  max: 100_000,
  ttl: SESSION_USE_EVERY_MS,
});

/** A short-lived model's store did not answer: the sign-in in progress starts again. */
const stateUnavailable = (cause: unknown) => {
  const error = new errors.TemporarilyUnavailable(
    'the sign-in in progress was lost; start the sign-in again',
    { cause },
  );
  // The provider answers with its error's status: 503, not its errors' default 400.
  Object.assign(error, { status: 503, statusCode: 503 });
  return error;
};

/** Per token request, the grant and session read with its token or code (`keepForRequest`). */
const readWithToken = new WeakMap<object, Map<string, OidcModelRow | undefined>>();

/** Per token request, the live session its token is bound to. */
const sessionOfRequest = new WeakMap<object, string>();

/** The requests whose short-lived state failed: their session is not saved (see `Session`). */
const failedRequests = new WeakSet<object>();

/** Runs a short-lived store's call, turning its failure into a "start again" answer. */
async function shortLived<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const ctx = Provider.ctx;
    if (ctx) failedRequests.add(ctx);
    throw stateUnavailable(error);
  }
}

/**
 * oidc-provider's storage (decision 0288): the short-lived models (a sign-in in progress, its
 * code, replay state) in `state`, Redis or this process's memory; sessions, grants and tokens,
 * which people list and end and a restart must keep, in the portal's database. One adapter per
 * model (Session, Grant, ...).
 */
export function createOidcAdapter(db: Db, state: ShortLivedStore) {
  const repository = createOidcAdapterRepository(db);
  return (model: string): Adapter => {
    if (SHORT_LIVED_MODELS.has(model)) {
      const fromState = (entry: ShortLivedEntry | undefined): AdapterPayload | undefined =>
        entry
          ? { ...entry.payload, ...(entry.consumedAt ? { consumed: entry.consumedAt } : {}) }
          : undefined;
      return {
        upsert: (id, payload, expiresIn) =>
          shortLived(() => state.upsert(model, id, payload, expiresIn)),
        async find(id) {
          const found = fromState(await shortLived(() => state.find(model, id)));
          // A code's token request reads its grant and session next: both in one statement.
          const ctx = Provider.ctx;
          if (found && model === 'AuthorizationCode' && ctx?.oidc?.route === 'token') {
            const { grantId, sessionUid } = found as { grantId?: string; sessionUid?: string };
            keepForRequest(ctx, found, await repository.grantAndSession(grantId, sessionUid));
          }
          return found;
        },
        findByUid: async (uid) => fromState(await shortLived(() => state.findByUid(model, uid))),
        findByUserCode: async (userCode) =>
          fromState(await shortLived(() => state.findByUserCode(model, userCode))),
        consume: (id) => shortLived(() => state.consume(model, id)),
        destroy: (id) => shortLived(() => state.destroy(model, id)),
        revokeByGrantId: (grantId) => shortLived(() => state.revokeByGrantId(model, grantId)),
      };
    }
    if (model === 'RefreshToken') {
      return {
        ...durable(model),
        // The token request reads the token, then its session and its grant: one statement.
        async find(id) {
          const ctx = Provider.ctx;
          if (ctx?.oidc?.route !== 'token') return toPayload(await repository.find(model, id));
          const found = await repository.findWithGrantAndSession(model, id);
          if (!found) return undefined;
          keepForRequest(ctx, found.token.payload, found);
          return toPayload(found.token);
        },
        // A rotation consumes the token its browser used: its session's use goes in the same
        // statement, unless noted within the minute (`recordUse`).
        async consume(id) {
          const ctx = Provider.ctx;
          const sessionUid = ctx ? sessionOfRequest.get(ctx) : undefined;
          if (!ctx || !sessionUid || sessionUseNoted.has(sessionUid)) {
            await repository.consume(model, id);
            return;
          }
          sessionUseNoted.set(sessionUid, true);
          await repository.consumeNotingSession(
            model,
            id,
            sessionUid,
            ctx.get('user-agent') || undefined,
          );
        },
      };
    }
    return durable(model);
  };

  /** The grant and session read with the request's token, for its next reads of them. */
  function keepForRequest(
    ctx: object,
    token: unknown,
    found: { grant: OidcModelRow | undefined; session: OidcModelRow | undefined },
  ) {
    const { grantId, sessionUid } = (token ?? {}) as { grantId?: string; sessionUid?: string };
    const kept = new Map<string, OidcModelRow | undefined>();
    if (grantId) kept.set(`Grant:${grantId}`, found.grant);
    if (sessionUid) kept.set(`Session:uid:${sessionUid}`, found.session);
    readWithToken.set(ctx, kept);
    if (sessionUid && found.session) sessionOfRequest.set(ctx, sessionUid);
  }

  /** What this request read already with its token: taken once, then read again if asked. */
  function takeKept(key: string): { row: OidcModelRow | undefined } | undefined {
    const ctx = Provider.ctx;
    const kept = ctx ? readWithToken.get(ctx) : undefined;
    if (!kept?.has(key)) return undefined;
    const row = kept.get(key);
    kept.delete(key);
    return { row };
  }

  function durable(model: string): Adapter {
    return {
      async upsert(id, payload, expiresIn) {
        // A sign-in whose code could not be stored must not leave its browser signed in: the
        // provider saves the session after the request even when it failed, and a session
        // without the sign-in's code would be a sign-in landed half-done (decision 0288).
        const ctx = Provider.ctx;
        if (model === 'Session' && ctx && failedRequests.has(ctx)) return;
        // A session saved in a browser's request was used by it: noted in the same statement.
        const used =
          model === 'Session' && ctx
            ? { userAgent: ctx.get('user-agent') || undefined }
            : undefined;
        await repository.upsert(model, id, payload, expiresIn, used);
        if (used && payload.uid) sessionUseNoted.set(payload.uid, true);
      },
      async find(id) {
        const kept = model === 'Grant' ? takeKept(`Grant:${id}`) : undefined;
        return toPayload(kept ? kept.row : await repository.find(model, id));
      },
      async findByUid(uid) {
        const kept = model === 'Session' ? takeKept(`Session:uid:${uid}`) : undefined;
        return toPayload(kept ? kept.row : await repository.findByUid(model, uid));
      },
      findByUserCode: async (userCode) =>
        toPayload(await repository.findByUserCode(model, userCode)),
      consume: (id) => repository.consume(model, id),
      destroy: (id) => repository.destroy(model, id),
      revokeByGrantId: (grantId) => repository.revokeByGrantId(model, grantId),
    };
  }
}

/** Ends every session, grant, code and token of an account, in the caller's transaction. */
export async function revokeAccountSignIns(tx: Transaction, accountId: string): Promise<void> {
  await createOidcAdapterRepository(tx).revokeAccount(accountId);
}

/** A place an account is signed in: one of the provider's sessions, as the profile lists it. */
export type SignedInSession = {
  /** The provider's session uid (never its id, which is the cookie's value). */
  uid: string;
  signedInAt: Date | null;
  lastUsedAt: Date | null;
  userAgent: string | null;
  /** The grants given through the session, one per client it signed in to. */
  grantIds: string[];
  /** The clients it signed in to with their session ids, for their back-channel logout. */
  clients: { clientId: string; sid: string | undefined }[];
};

const SessionPayloadSchema = z.object({
  uid: z.string(),
  loginTs: z.number().optional(),
  authorizations: z
    .record(z.string(), z.object({ grantId: z.string().optional(), sid: z.string().optional() }))
    .optional(),
});

/** Queues the back-channel logout of a platform whose session ends (`backchannel-logout.ts`). */
export type QueueLogout = (
  tx: Transaction,
  clientId: string,
  sub: string,
  sid: string,
) => Promise<unknown>;

/**
 * The sessions of an account in the provider's storage, for the person to see and end:
 * each with its browser and its grants, ended with everything their grants issued.
 */
export function createSignInSessions(db: Db, queueLogout: QueueLogout) {
  /** Each platform of the ended sessions hears of it, in the same transaction. */
  async function logOutPlatforms(tx: Transaction, accountId: string, ended: SignedInSession[]) {
    for (const { clientId, sid } of ended.flatMap((session) => session.clients)) {
      if (sid && clientId !== PORTAL_WEB_CLIENT_ID) await queueLogout(tx, clientId, accountId, sid);
    }
  }

  const sessionsOf = async (from: Db | Transaction, accountId: string) => {
    const rows = await createOidcAdapterRepository(from).accountSessions(accountId);
    return rows.flatMap((row): SignedInSession[] => {
      const parsed = SessionPayloadSchema.safeParse(row.payload);
      if (!parsed.success) return [];
      const { uid, loginTs, authorizations } = parsed.data;
      const granted = Object.entries(authorizations ?? {});
      return [
        {
          uid,
          signedInAt: loginTs ? new Date(loginTs * 1000) : null,
          lastUsedAt: row.lastUsedAt,
          userAgent: row.userAgent,
          grantIds: granted.flatMap(([, { grantId }]) => (grantId ? [grantId] : [])),
          clients: granted.map(([clientId, { sid }]) => ({ clientId, sid })),
        },
      ];
    });
  };

  return {
    list: (accountId: string): Promise<SignedInSession[]> => sessionsOf(db, accountId),

    /** Ends the sessions named, with their grants' codes and tokens, in the caller's transaction. */
    async end(tx: Transaction, accountId: string, sessions: SignedInSession[]): Promise<void> {
      await logOutPlatforms(tx, accountId, sessions);
      await createOidcAdapterRepository(tx).endSessions(
        accountId,
        { only: sessions.map((session) => session.uid) },
        sessions.flatMap((session) => session.grantIds),
      );
    },

    /** Ends every session, grant and token of the account but `kept` and its grants. */
    async endAllBut(tx: Transaction, accountId: string, kept: SignedInSession): Promise<void> {
      const others = (await sessionsOf(tx, accountId)).filter(
        (session) => session.uid !== kept.uid,
      );
      await logOutPlatforms(tx, accountId, others);
      await createOidcAdapterRepository(tx).endSessions(
        accountId,
        { except: kept.uid, exceptGrants: kept.grantIds },
        [],
      );
    },

    /**
     * Notes that a session was used by a browser (the provider's sign-in and token events), at
     * most once a minute per session (its saves note it too).
     */
    async recordUse(uid: string, userAgent: string | undefined): Promise<void> {
      if (sessionUseNoted.has(uid)) return;
      sessionUseNoted.set(uid, true);
      await createOidcAdapterRepository(db).recordSessionUse(uid, userAgent);
    },
  };
}
export type SignInSessions = ReturnType<typeof createSignInSessions>;
