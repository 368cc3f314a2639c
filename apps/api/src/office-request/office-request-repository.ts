import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import { officeAccountRequests, privateUploads, referralCodes, regions } from '../db/schema';

/** SQL only: an office's request, the places it names, its referral code and its uploads. */
export function createOfficeRequestRepository(db: Db | Transaction) {
  return {
    async byRequestKey(requestKey: string) {
      const [row] = await db
        .select({
          id: officeAccountRequests.id,
          createdAt: officeAccountRequests.createdAt,
          status: officeAccountRequests.status,
        })
        .from(officeAccountRequests)
        .where(eq(officeAccountRequests.requestKey, requestKey));
      return row;
    },
    async isProvince(code: string): Promise<boolean> {
      const [row] = await db
        .select({ code: regions.code })
        .from(regions)
        .where(and(eq(regions.code, code), eq(regions.level, 'province')));
      return row !== undefined;
    },
    async isRegencyOf(code: string, province: string): Promise<boolean> {
      const [row] = await db
        .select({ code: regions.code })
        .from(regions)
        .where(and(eq(regions.code, code), eq(regions.parentCode, province)));
      return row !== undefined;
    },
    /** The regencies and cities of a province, by name. */
    citiesOf(province: string) {
      return db
        .select({ id: regions.code, name: regions.name })
        .from(regions)
        .where(and(eq(regions.parentCode, province), eq(regions.level, 'regency')))
        .orderBy(asc(regions.name));
    },
    async referralCode(code: string) {
      const [row] = await db.select().from(referralCodes).where(eq(referralCodes.code, code));
      return row;
    },
    /**
     * Takes one use of the code, only while it is still good: two offices racing for its last
     * use cannot both have it. Undefined when it is not usable.
     */
    async takeReferralUse(code: string) {
      const [row] = await db
        .update(referralCodes)
        .set({ uses: sql`${referralCodes.uses} + 1` })
        .where(
          and(
            eq(referralCodes.code, code),
            isNull(referralCodes.revokedAt),
            or(isNull(referralCodes.expiresAt), gt(referralCodes.expiresAt, sql`now()`)),
            lt(referralCodes.uses, referralCodes.maxUses),
          ),
        )
        .returning({ id: referralCodes.id });
      return row;
    },
    async insert(values: typeof officeAccountRequests.$inferInsert) {
      const [row] = await db.insert(officeAccountRequests).values(values).returning({
        id: officeAccountRequests.id,
        createdAt: officeAccountRequests.createdAt,
        status: officeAccountRequests.status,
      });
      return row;
    },
    /** Marks the uploads as used by a request; answers the ids it could claim. */
    claimUploads(ids: string[]) {
      return db
        .update(privateUploads)
        .set({ claimedAt: sql`now()` })
        .where(and(inArray(privateUploads.id, ids), isNull(privateUploads.claimedAt)))
        .returning({ id: privateUploads.id });
    },
  };
}
