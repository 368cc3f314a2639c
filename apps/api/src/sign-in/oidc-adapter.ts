import { PORTAL_WEB_CLIENT_ID } from '@portal/contracts/sign-in';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { z } from 'zod';
import type { Db, Transaction } from '../db/database';
import { createOidcAdapterRepository, type OidcModelRow } from './oidc-adapter-repository';

// The provider reads a used code or refresh token by its `consumed` time: a second use of a
// refresh token then revokes its whole grant.
const toPayload = (row: OidcModelRow | undefined): AdapterPayload | undefined =>
  row
    ? {
        ...(row.payload as AdapterPayload),
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      }
    : undefined;

/**
 * oidc-provider's storage in the portal's database: every instance sees the same sessions,
 * codes and tokens, and a restart loses none. One adapter per model (Session, Grant, ...).
 */
export function createOidcAdapter(db: Db) {
  const repository = createOidcAdapterRepository(db);
  return (model: string): Adapter => ({
    upsert: (id, payload, expiresIn) => repository.upsert(model, id, payload, expiresIn),
    find: async (id) => toPayload(await repository.find(model, id)),
    findByUid: async (uid) => toPayload(await repository.findByUid(model, uid)),
    findByUserCode: async (userCode) => toPayload(await repository.findByUserCode(model, userCode)),
    consume: (id) => repository.consume(model, id),
    destroy: (id) => repository.destroy(model, id),
    revokeByGrantId: (grantId) => repository.revokeByGrantId(model, grantId),
  });
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
 * The sessions of an account in the provider's storage, for the person to see and end
 * (issue 35): each with its browser and its grants, ended with everything their grants issued.
 */
export function createSignInSessions(db: Db, queueLogout: QueueLogout) {
  /** Each platform of the ended sessions hears of it, in the same transaction (issue 36). */
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

    /** Notes that a session was used by a browser (the provider's sign-in and token events). */
    recordUse: (uid: string, userAgent: string | undefined) =>
      createOidcAdapterRepository(db).recordSessionUse(uid, userAgent),
  };
}
export type SignInSessions = ReturnType<typeof createSignInSessions>;
