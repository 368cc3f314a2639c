import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { referralCodes } from '../db/schema';

export type ReferralCodeRow = typeof referralCodes.$inferSelect;

// Staff keep a few; the console lists this many, newest first, and no more.
const CONSOLE_LIST_LIMIT = 200;

/** SQL only: the referral codes offices apply with. */
export function createReferralCodesRepository(db: Db) {
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
