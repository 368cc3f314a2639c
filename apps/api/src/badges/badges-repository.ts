import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import { badges, learningAccounts, people, schoolMemberships, schools } from '../db/schema';

/** A badge with what the sign-in needs to know of its holder, as one row. */
export type BadgeRow = {
  badgeId: number;
  accountId: number;
  npsn: string;
  codeHash: string;
  endedAt: Date | null;
  accountStatus: 'active' | 'suspended' | 'deleted';
  accountKind: 'ptk' | 'pd' | 'dinas';
  fullName: string;
  schoolName: string;
  schoolLevel: string;
  grade: number | null;
  /** Still a student of the badge's school in the registry. */
  member: boolean;
};

/** SQL only: badges, their holders, and the school's live badges. */
export function createBadgesRepository(db: Db | Transaction) {
  const holderWhere = async (where: SQL | undefined): Promise<BadgeRow | undefined> => {
    const [row] = await db
      .select({
        badgeId: badges.id,
        accountId: badges.accountId,
        npsn: badges.npsn,
        codeHash: badges.codeHash,
        endedAt: badges.endedAt,
        accountStatus: learningAccounts.status,
        accountKind: learningAccounts.kind,
        fullName: people.fullName,
        schoolName: schools.name,
        schoolLevel: schools.level,
        grade: schoolMemberships.grade,
        member: sql<boolean>`${schoolMemberships.personId} IS NOT NULL`,
      })
      .from(badges)
      .innerJoin(learningAccounts, eq(learningAccounts.id, badges.accountId))
      .innerJoin(people, eq(people.id, learningAccounts.personId))
      .innerJoin(schools, eq(schools.npsn, badges.npsn))
      // The registry's membership at this moment: a student who left no longer matches.
      .leftJoin(
        schoolMemberships,
        and(
          eq(schoolMemberships.personId, learningAccounts.personId),
          eq(schoolMemberships.npsn, badges.npsn),
          eq(schoolMemberships.role, 'student'),
          isNull(schoolMemberships.leftOn),
        ),
      )
      .where(where)
      .limit(1);
    return row;
  };
  return {
    byQrHash: (qrHash: string) => holderWhere(eq(badges.qrHash, qrHash)),
    /** The school's live badge whose short code starts with `locator`. */
    liveByLocator: (npsn: string, locator: string) =>
      holderWhere(
        and(eq(badges.npsn, npsn), eq(badges.codeLocator, locator), isNull(badges.endedAt)),
      ),
    byId: (badgeId: number) => holderWhere(eq(badges.id, badgeId)),
    /**
     * The student account of `accountId` when it may get a badge of `npsn`: an active PD
     * account whose person is a student there now.
     */
    async eligibleStudent(accountId: number, npsn: string): Promise<boolean> {
      const [row] = await db
        .select({ id: learningAccounts.id })
        .from(learningAccounts)
        .innerJoin(
          schoolMemberships,
          and(
            eq(schoolMemberships.personId, learningAccounts.personId),
            eq(schoolMemberships.npsn, npsn),
            eq(schoolMemberships.role, 'student'),
            isNull(schoolMemberships.leftOn),
          ),
        )
        .where(
          and(
            eq(learningAccounts.id, accountId),
            eq(learningAccounts.kind, 'pd'),
            eq(learningAccounts.status, 'active'),
          ),
        );
      return row !== undefined;
    },
    /** Ends the account's live badge, if any; answers its id. */
    async endLiveOf(accountId: number, reason: 'replaced' | 'ended'): Promise<number | undefined> {
      const [row] = await db
        .update(badges)
        .set({ endedAt: sql`now()`, endedReason: reason })
        .where(and(eq(badges.accountId, accountId), isNull(badges.endedAt)))
        .returning({ id: badges.id });
      return row?.id;
    },
    /**
     * A new live badge; undefined when its locator is taken by another live badge of the
     * school (the caller draws another).
     */
    async insert(values: {
      accountId: number;
      npsn: string;
      batchId: number | null;
      qrHash: string;
      codeLocator: string;
      codeHash: string;
    }): Promise<number | undefined> {
      const [row] = await db
        .insert(badges)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: badges.id });
      return row?.id;
    },
  };
}
export type BadgesRepository = ReturnType<typeof createBadgesRepository>;
