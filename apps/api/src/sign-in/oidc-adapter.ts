import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database';
import { oidcModels } from '../db/schema';
import type { Transaction } from '../db/database';

const live = () => or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, sql`now()`));

type Row = { payload: unknown; consumedAt: Date | null };

// The provider reads a used code or refresh token by its `consumed` time: a second use of a
// refresh token then revokes its whole grant.
const toPayload = (row: Row | undefined): AdapterPayload | undefined =>
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
  return (model: string): Adapter => {
    const row = (id: string) => and(eq(oidcModels.model, model), eq(oidcModels.id, id));
    const select = { payload: oidcModels.payload, consumedAt: oidcModels.consumedAt };
    return {
      async upsert(id, payload, expiresIn) {
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
      async find(id) {
        const [found] = await db
          .select(select)
          .from(oidcModels)
          .where(and(row(id), live()));
        return toPayload(found);
      },
      async findByUid(uid) {
        const [found] = await db
          .select(select)
          .from(oidcModels)
          .where(and(eq(oidcModels.model, model), eq(oidcModels.uid, uid), live()));
        return toPayload(found);
      },
      // Only the device flow asks, and it is off: no index serves this.
      async findByUserCode(userCode) {
        const [found] = await db
          .select(select)
          .from(oidcModels)
          .where(
            and(
              eq(oidcModels.model, model),
              sql`${oidcModels.payload}->>'userCode' = ${userCode}`,
              live(),
            ),
          );
        return toPayload(found);
      },
      async consume(id) {
        await db
          .update(oidcModels)
          .set({ consumedAt: sql`now()` })
          .where(row(id));
      },
      async destroy(id) {
        await db.delete(oidcModels).where(row(id));
      },
      async revokeByGrantId(grantId) {
        await db
          .delete(oidcModels)
          .where(and(eq(oidcModels.model, model), eq(oidcModels.grantId, grantId)));
      },
    };
  };
}

/** Ends every session, grant, code and token of an account, in the caller's transaction. */
export async function revokeAccountSignIns(tx: Transaction, accountId: string): Promise<void> {
  await tx.delete(oidcModels).where(eq(oidcModels.accountId, accountId));
}
