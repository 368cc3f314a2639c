import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import { referralCodes } from '../db/schema';

export type ReferralCodeRow = typeof referralCodes.$inferSelect;

// Staff keep a few; the console lists this many, newest first, and no more.
const CONSOLE_LIST_LIMIT = 200;

/** SQL only: the referral codes offices apply with. */
export function createReferralCodesRepository(db: Db | Transaction) {
  return {
    async insert(values: {
      code: string;
      maxUses: number;
      expiresAt: Date | null;
      createdBy: number;
    }): Promise<ReferralCodeRow> {
      const [row] = await db.insert(referralCodes).values(values).returning();
      return row!;
    },
    newest() {
      return db
        .select()
        .from(referralCodes)
        .orderBy(desc(referralCodes.createdAt))
        .limit(CONSOLE_LIST_LIMIT);
    },
    /** The code as it is, held until the transaction ends. */
    async hold(id: number): Promise<ReferralCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(referralCodes)
        .where(eq(referralCodes.id, id))
        .for('update');
      return row;
    },
    /** Revokes the code (the first revocation's time stays); undefined when there is none. */
    async revoke(id: number): Promise<ReferralCodeRow | undefined> {
      const [row] = await db
        .update(referralCodes)
        .set({ revokedAt: sql`coalesce(${referralCodes.revokedAt}, now())` })
        .where(eq(referralCodes.id, id))
        .returning();
      return row;
    },
  };
}
