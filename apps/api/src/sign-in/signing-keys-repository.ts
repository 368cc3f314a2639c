import { asc, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import { rowsOf } from '../db/rows-of';
import { oidcSigningKeys } from '../db/schema';

export type SigningKeyRow = typeof oidcSigningKeys.$inferSelect;

/** SQL only: the provider's signing keys, on the db or a transaction. */
export function createSigningKeysRepository(db: Db | Transaction) {
  return {
    /** Stores a key that signs `signsInSeconds` from the database's now. */
    async insert(
      values: Pick<SigningKeyRow, 'kid' | 'publicJwk' | 'sealedPrivateJwk'>,
      signsInSeconds: number,
    ): Promise<SigningKeyRow> {
      const [row] = await db
        .insert(oidcSigningKeys)
        .values({ ...values, signsFrom: sql`now() + make_interval(secs => ${signsInSeconds})` })
        .returning();
      if (!row) throw new Error('signing key insert returned nothing');
      return row;
    },
    /** Every key, and the database's now, which decides their states on every instance. */
    async allWithNow(): Promise<{ rows: SigningKeyRow[]; now: Date }> {
      const rows = await db.select().from(oidcSigningKeys).orderBy(asc(oidcSigningKeys.signsFrom));
      const [clock] = await rowsOf<{ now: string }>(db, sql`SELECT now()::text AS now`);
      return { rows, now: new Date(clock!.now) };
    },
    async anySigning(): Promise<boolean> {
      const found = await db
        .select({ kid: oidcSigningKeys.kid })
        .from(oidcSigningKeys)
        .where(lte(oidcSigningKeys.signsFrom, sql`now()`))
        .limit(1);
      return found.length > 0;
    },
    /** Holds the transaction-scoped advisory lock `key` until the transaction ends. */
    async lock(key: number): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${key})`);
    },
    async remove(kids: string[]): Promise<void> {
      await db.delete(oidcSigningKeys).where(inArray(oidcSigningKeys.kid, kids));
    },
  };
}
