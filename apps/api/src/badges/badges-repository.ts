import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { BADGE_PAGE_SIZE } from '@portal/contracts/badges';
import type { Db, Transaction } from '../db/database';
import { rowCountOf, rowsOf } from '../db/rows-of';
import {
  badgeBatchCards,
  badgeBatches,
  badges,
  learningAccounts,
  people,
  schoolMemberships,
  schools,
} from '../db/schema';
import { personNameKey } from '../registry/name-normalizer';

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

/** A name part or a NISN's digits, as the stored columns compare it. */
function matching(query: string): SQL {
  if (query === '') return sql`TRUE`;
  if (/^\d+$/.test(query)) return sql`p.nisn LIKE ${`${query}%`}`;
  const key = personNameKey(query);
  return key === '' ? sql`FALSE` : sql`p.name_key LIKE ${`%${key}%`}`;
}

// The school's current students with an active student account, and each one's live badge of
// this school: from the school's memberships (the (npsn, role) index), then one probe per
// student for the person, the account and the badge; never a scan of the registry.
const schoolStudents = (npsn: string) => sql`
  WITH m AS MATERIALIZED (SELECT person_id, grade FROM school_memberships
    WHERE npsn = ${npsn} AND role = 'student' AND left_on IS NULL)
  SELECT a.id AS account_id, p.full_name, p.nisn, p.name_key, m.grade,
    b.id AS badge_id, b.created_at AS badge_since
  FROM m
  CROSS JOIN LATERAL (SELECT id, full_name, nisn, name_key FROM people
    WHERE people.id = m.person_id LIMIT 1) p
  CROSS JOIN LATERAL (SELECT id FROM learning_accounts
    WHERE person_id = m.person_id AND kind = 'pd' AND status = 'active' LIMIT 1) a
  LEFT JOIN LATERAL (SELECT id, created_at FROM badges
    WHERE badges.account_id = a.id AND badges.npsn = ${npsn} AND badges.ended_at IS NULL) b ON TRUE`;

export type BadgeStudentRow = {
  accountId: string;
  name: string;
  nisn: string | null;
  grade: number | null;
  badgeId: string | null;
  badgeSince: Date | string | null;
};

/** One card of a batch's PDF: who it is for and its sealed secrets. */
export type CardRow = {
  badgeId: number;
  accountId: number;
  name: string;
  schoolName: string;
  schoolLevel: string;
  npsn: string;
  grade: number | null;
  secretsSealed: string;
};

/** SQL only: badges, their holders, the school's students and live badges, and batches. */
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
     * account whose person is a student there now. Locked until the transaction ends, so two
     * batches taking the same student make one badge after the other.
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
        )
        .for('update', { of: learningAccounts });
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

    /** A page of the school's students with an account, each with their live badge if any. */
    async searchStudents(
      npsn: string,
      filter: { query: string; grade?: number | null | undefined; badge: 'any' | 'live' | 'none' },
      page: number,
    ): Promise<{ items: BadgeStudentRow[]; total: number }> {
      const grade =
        filter.grade === undefined
          ? sql`TRUE`
          : filter.grade === null
            ? sql`s.grade IS NULL`
            : sql`s.grade = ${filter.grade}`;
      const badge =
        filter.badge === 'live'
          ? sql`s.badge_id IS NOT NULL`
          : filter.badge === 'none'
            ? sql`s.badge_id IS NULL`
            : sql`TRUE`;
      const found = await rowsOf<BadgeStudentRow & { total: string }>(
        db,
        sql`SELECT s.account_id::text AS "accountId", s.full_name AS name, s.nisn, s.grade,
            s.badge_id::text AS "badgeId", s.badge_since AS "badgeSince", count(*) OVER () AS total
          FROM (${schoolStudents(npsn)}) s
          CROSS JOIN LATERAL (SELECT s.nisn, s.name_key) p
          WHERE ${matching(filter.query)} AND ${grade} AND ${badge}
          ORDER BY s.grade NULLS LAST, s.name_key COLLATE "C", s.account_id
          LIMIT ${BADGE_PAGE_SIZE} OFFSET ${(page - 1) * BADGE_PAGE_SIZE}`,
      );
      return {
        items: found.map(({ total: _total, ...row }) => row),
        total: found[0] ? Number(found[0].total) : 0,
      };
    },
    /** The school's classes with their students who have an account, and its live badges. */
    async schoolSummary(
      npsn: string,
    ): Promise<{ grades: { grade: number | null; students: number }[]; liveBadges: number }> {
      const grades = await rowsOf<{ grade: number | null; students: string }>(
        db,
        sql`SELECT s.grade, count(*) AS students FROM (${schoolStudents(npsn)}) s
          GROUP BY s.grade ORDER BY s.grade NULLS LAST`,
      );
      const [live] = await rowsOf<{ live: string }>(
        db,
        sql`SELECT count(*) AS live FROM badges WHERE npsn = ${npsn} AND ended_at IS NULL`,
      );
      return {
        grades: grades.map((g) => ({ grade: g.grade, students: Number(g.students) })),
        liveBadges: Number(live?.live ?? 0),
      };
    },
    /** The student accounts of one class of the school, for a batch of the whole class. */
    async accountsOfGrade(npsn: string, grade: number): Promise<number[]> {
      const rows = await rowsOf<{ account_id: string }>(
        db,
        sql`SELECT s.account_id FROM (${schoolStudents(npsn)}) s WHERE s.grade = ${grade}
          ORDER BY s.account_id`,
      );
      return rows.map((row) => Number(row.account_id));
    },

    async insertBatch(values: { npsn: string; requestedBy: number; total: number }) {
      const [row] = await db
        .insert(badgeBatches)
        .values(values)
        .returning({ id: badgeBatches.id, createdAt: badgeBatches.createdAt });
      if (!row) throw new Error('badge batch not inserted');
      return row;
    },
    /** The school's batch, or undefined (another school's is not found either). */
    async batch(npsn: string, id: number, forUpdate = false) {
      const query = db
        .select()
        .from(badgeBatches)
        .where(and(eq(badgeBatches.id, id), eq(badgeBatches.npsn, npsn)));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },
    batchById: async (id: number) => {
      const [row] = await db.select().from(badgeBatches).where(eq(badgeBatches.id, id));
      return row;
    },
    /** The school's newest batches. */
    recentBatches: (npsn: string, limit: number) =>
      db
        .select()
        .from(badgeBatches)
        .where(eq(badgeBatches.npsn, npsn))
        .orderBy(desc(badgeBatches.createdAt), desc(badgeBatches.id))
        .limit(limit),
    /** Accounts that already got a badge from this batch: a retried job skips them. */
    async accountsBadgedBy(batchId: number): Promise<Set<number>> {
      const rows = await db
        .select({ accountId: badges.accountId })
        .from(badges)
        .where(eq(badges.batchId, batchId));
      return new Set(rows.map((row) => row.accountId));
    },
    async insertCards(rows: { batchId: number; badgeId: number; secretsSealed: string }[]) {
      if (rows.length > 0) await db.insert(badgeBatchCards).values(rows);
    },
    async addProgress(batchId: number, made: number, skipped: number) {
      await db
        .update(badgeBatches)
        .set({
          made: sql`${badgeBatches.made} + ${made}`,
          skipped: sql`least(${badgeBatches.skipped} + ${skipped}, ${badgeBatches.total} - ${badgeBatches.made} - ${made})`,
        })
        .where(eq(badgeBatches.id, batchId));
    },
    async complete(batchId: number) {
      await db
        .update(badgeBatches)
        .set({ status: 'completed', completedAt: sql`now()` })
        .where(and(eq(badgeBatches.id, batchId), eq(badgeBatches.status, 'processing')));
    },
    /** The batch's cards whose badge is still live, in print order (class, then name). */
    cardsOf: (batchId: number) =>
      rowsOf<CardRow>(
        db,
        sql`SELECT b.id AS "badgeId", b.account_id AS "accountId", p.full_name AS name,
            s.name AS "schoolName", s.level AS "schoolLevel", b.npsn, m.grade,
            c.secrets_sealed AS "secretsSealed"
          FROM ${badgeBatchCards} c
          JOIN ${badges} b ON b.id = c.badge_id AND b.ended_at IS NULL
          JOIN ${learningAccounts} a ON a.id = b.account_id
          JOIN ${people} p ON p.id = a.person_id
          JOIN ${schools} s ON s.npsn = b.npsn
          LEFT JOIN ${schoolMemberships} m ON m.person_id = a.person_id AND m.npsn = b.npsn
            AND m.role = 'student'
          WHERE c.batch_id = ${batchId}
          ORDER BY m.grade NULLS LAST, p.name_key COLLATE "C", b.id`,
      ),
    /** Forgets the batch's card secrets (downloaded, or their time is up). */
    async clearSecrets(batchId: number): Promise<number> {
      const cleared = await rowCountOf(
        db,
        sql`DELETE FROM ${badgeBatchCards} WHERE batch_id = ${batchId}`,
      );
      await db
        .update(badgeBatches)
        .set({ secretsClearedAt: sql`now()` })
        .where(and(eq(badgeBatches.id, batchId), isNull(badgeBatches.secretsClearedAt)));
      return cleared;
    },
    /** Ends one live badge of the school; answers its holder's person, or undefined. */
    async endOne(npsn: string, badgeId: number): Promise<{ personId: number } | undefined> {
      const [row] = await rowsOf<{ person_id: string }>(
        db,
        sql`UPDATE ${badges} b SET ended_at = now(), ended_reason = 'ended'
          FROM ${learningAccounts} a
          WHERE b.id = ${badgeId} AND b.npsn = ${npsn} AND b.ended_at IS NULL AND a.id = b.account_id
          RETURNING a.person_id`,
      );
      return row ? { personId: Number(row.person_id) } : undefined;
    },
    /** Ends every live badge of the school; answers how many. */
    endAll: (npsn: string) =>
      rowCountOf(
        db,
        sql`UPDATE ${badges} SET ended_at = now(), ended_reason = 'ended-all'
          WHERE npsn = ${npsn} AND ended_at IS NULL`,
      ),
    /** Whether each id is a student account of the school today (the selection's check). */
    async schoolAccounts(npsn: string, accountIds: readonly number[]): Promise<Set<number>> {
      if (accountIds.length === 0) return new Set();
      const rows = await db
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
            inArray(learningAccounts.id, [...accountIds]),
            eq(learningAccounts.kind, 'pd'),
            eq(learningAccounts.status, 'active'),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },
  };
}
export type BadgesRepository = ReturnType<typeof createBadgesRepository>;
