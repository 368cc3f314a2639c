import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { oidcModels } from '../db/schema';

/**
 * The portal's sessions (decision 0287), as rows of the provider's own table beside the
 * provider's sessions they belong to. Their model is the portal's, never the provider's: its
 * adapter never reads them, and they carry no account, so ending the provider's sessions by
 * account leaves them alone (they die with the provider's session, which the access hook checks
 * on every call). The sign-ins in progress live in the short-lived store instead.
 */
const SESSION_MODEL = 'PortalSession';

/** What a portal session keeps: its tokens sealed, the ID token's claims in clear. */
export type StoredWebSession = {
  /** The provider's session (`sid`) the tokens were issued in. */
  sid: string;
  sealedAccessToken: string;
  sealedRefreshToken: string;
  sealedIdToken: string;
  /** Seconds since the epoch. */
  accessExpiresAt: number;
  claims: Record<string, unknown>;
  /** Bumped by every refresh: a refresh only stores its answer over the version it read. */
  version: number;
};

const live = () => gt(oidcModels.expiresAt, sql`now()`);
const row = (model: string, id: string) => and(eq(oidcModels.model, model), eq(oidcModels.id, id));
const expiresIn = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** SQL only: the portal's sign-ins in progress and sessions. */
export function createWebSessionRepository(db: Db) {
  return {
    async saveSession(id: string, session: StoredWebSession, seconds: number): Promise<void> {
      await db.insert(oidcModels).values({
        model: SESSION_MODEL,
        id,
        uid: session.sid,
        payload: session,
        expiresAt: expiresIn(seconds),
      });
    },

    /** The live session and when it ends. */
    async findSession(
      id: string,
    ): Promise<{ session: StoredWebSession; expiresAt: Date } | undefined> {
      const [found] = await db
        .select({ payload: oidcModels.payload, expiresAt: oidcModels.expiresAt })
        .from(oidcModels)
        .where(and(row(SESSION_MODEL, id), live()));
      if (!found?.expiresAt) return undefined;
      return { session: found.payload as StoredWebSession, expiresAt: found.expiresAt };
    },

    /**
     * Stores a refresh's tokens over the version it started from; false when another refresh
     * stored its own first (the caller then reads that one).
     */
    async replaceSession(id: string, from: number, session: StoredWebSession): Promise<boolean> {
      const updated = await db
        .update(oidcModels)
        .set({ payload: session })
        .where(
          and(
            row(SESSION_MODEL, id),
            live(),
            sql`(${oidcModels.payload}->>'version')::int = ${from}`,
          ),
        )
        .returning({ id: oidcModels.id });
      return updated.length === 1;
    },

    async deleteSession(id: string): Promise<StoredWebSession | undefined> {
      const [deleted] = await db
        .delete(oidcModels)
        .where(row(SESSION_MODEL, id))
        .returning({ payload: oidcModels.payload });
      return deleted?.payload as StoredWebSession | undefined;
    },
  };
}
export type WebSessionRepository = ReturnType<typeof createWebSessionRepository>;
