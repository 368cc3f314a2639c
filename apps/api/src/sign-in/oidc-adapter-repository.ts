import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AdapterPayload } from 'oidc-provider';
import type { Db, Transaction } from '../db/database';
import { oidcModels } from '../db/schema';

/** A stored model as the adapter reads it back. */
export type OidcModelRow = { payload: unknown; consumedAt: Date | null };

const live = () => or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, sql`now()`));
const SELECTED = { payload: oidcModels.payload, consumedAt: oidcModels.consumedAt };

/** SQL only: oidc-provider's sessions, grants, codes and tokens, one `model` each. */
export function createOidcAdapterRepository(db: Db | Transaction) {
  const row = (model: string, id: string) =>
    and(eq(oidcModels.model, model), eq(oidcModels.id, id));
  return {
    /** Stores the model, expiring `expiresIn` seconds from the database's now (or never). */
    async upsert(model: string, id: string, payload: AdapterPayload, expiresIn?: number) {
      const values = {
        payload,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        accountId: payload.accountId ?? null,
        expiresAt: expiresIn ? sql`now() + make_interval(secs => ${expiresIn})` : null,
      };
      await db
        .insert(oidcModels)
        .values({ model, id, ...values })
        .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: values });
    },

    async find(model: string, id: string): Promise<OidcModelRow | undefined> {
      const [found] = await db
        .select(SELECTED)
        .from(oidcModels)
        .where(and(row(model, id), live()));
      return found;
    },

    async findByUid(model: string, uid: string): Promise<OidcModelRow | undefined> {
      const [found] = await db
        .select(SELECTED)
        .from(oidcModels)
        .where(and(eq(oidcModels.model, model), eq(oidcModels.uid, uid), live()));
      return found;
    },

    // Only the device flow asks, and it is off: no index serves this.
    async findByUserCode(model: string, userCode: string): Promise<OidcModelRow | undefined> {
      const [found] = await db
        .select(SELECTED)
        .from(oidcModels)
        .where(
          and(
            eq(oidcModels.model, model),
            sql`${oidcModels.payload}->>'userCode' = ${userCode}`,
            live(),
          ),
        );
      return found;
    },

    async consume(model: string, id: string): Promise<void> {
      await db
        .update(oidcModels)
        .set({ consumedAt: sql`now()` })
        .where(row(model, id));
    },

    async destroy(model: string, id: string): Promise<void> {
      await db.delete(oidcModels).where(row(model, id));
    },

    async revokeByGrantId(model: string, grantId: string): Promise<void> {
      await db
        .delete(oidcModels)
        .where(and(eq(oidcModels.model, model), eq(oidcModels.grantId, grantId)));
    },

    /** The live sessions of an account, as the provider stored them. */
    async sessionsOf(accountId: string): Promise<unknown[]> {
      const rows = await db
        .select({ payload: oidcModels.payload })
        .from(oidcModels)
        .where(and(eq(oidcModels.model, 'Session'), eq(oidcModels.accountId, accountId), live()));
      return rows.map((row) => row.payload);
    },

    /** Every model of an account: its sessions, grants, codes and tokens. */
    async revokeAccount(accountId: string): Promise<void> {
      await db.delete(oidcModels).where(eq(oidcModels.accountId, accountId));
    },
  };
}
