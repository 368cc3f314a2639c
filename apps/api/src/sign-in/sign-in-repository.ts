import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import {
  auditEvents,
  codeLocks,
  codeWrongEntries,
  learningAccounts,
  people,
  schoolMemberships,
  schools,
  staffAccounts,
  staffRecoveryCodes,
} from '../db/schema';
import type { AuditRow } from '../audit/audit-repository';
import { rowsOf } from '../db/rows-of';
import type { SchoolClaim } from '@portal/contracts/platforms';
import {
  createOneTimeCodesRepository,
  SIGN_IN_FLOW,
} from '../one-time-codes/one-time-codes-repository';

export type SignInAccount = {
  accountId: number;
  personId: number;
  kind: string;
  email: string;
  passwordHash: string | null;
  mustChangePassword: boolean;
};

export type StaffAccount = typeof staffAccounts.$inferSelect;

const ACCOUNT_COLUMNS = {
  accountId: learningAccounts.id,
  personId: learningAccounts.personId,
  kind: learningAccounts.kind,
  email: learningAccounts.email,
  passwordHash: learningAccounts.passwordHash,
  mustChangePassword: learningAccounts.mustChangePassword,
};

/** SQL of the sign-in: accounts, and wrong passwords counted in the one-time codes' tables. */
export function createSignInRepository(db: Db | Transaction) {
  const codes = createOneTimeCodesRepository(db);
  return {
    /**
     * The active account of an address, with whether it holds a second factor (an enrolled
     * authenticator app or a passkey): what the password step needs, in one statement.
     */
    async accountByEmail(
      email: string,
    ): Promise<(SignInAccount & { hasSecondFactor: boolean }) | undefined> {
      const [row] = await db
        .select({
          ...ACCOUNT_COLUMNS,
          // Written out: in a one-table select the builder leaves column names unqualified,
          // which the subqueries would read as their own tables' columns.
          hasSecondFactor: sql<boolean>`(EXISTS (SELECT 1 FROM account_totp t
              WHERE t.account_id = learning_accounts.id AND t.enrolled_at IS NOT NULL)
            OR EXISTS (SELECT 1 FROM passkeys p WHERE p.learning_account_id = learning_accounts.id))`,
        })
        .from(learningAccounts)
        .where(and(eq(learningAccounts.email, email), eq(learningAccounts.status, 'active')));
      return row;
    },

    /**
     * A right password's outcome and its audit row, in one statement: `locked` while the person
     * is locked out, else `outcome`. The wrong ones count in their transaction per person; a
     * right one in flight beside the wrong one that locks is ordered before it.
     */
    async settleRightPassword(personId: number, row: AuditRow): Promise<{ outcome: string }> {
      const [settled] = await rowsOf<{ outcome: string }>(
        db,
        sql`WITH locked AS (
              SELECT coalesce(ceil(extract(epoch from max(${codeLocks.lockedUntil}) - now()))::int, 0)
                AS seconds
              FROM ${codeLocks}
              WHERE ${codeLocks.personId} = ${personId} AND ${codeLocks.flow} = ${SIGN_IN_FLOW}
                AND ${codeLocks.lockedUntil} > now())
            INSERT INTO ${auditEvents} (occurred_at, action, outcome, user_type, person_id, actor,
              ip_hash, target_hash, changes, client_id)
            SELECT ${row.occurredAt.toISOString()}::timestamptz, ${row.action},
              CASE WHEN locked.seconds > 0 THEN 'locked' ELSE ${row.outcome} END,
              ${row.userType}, ${row.personId}, ${row.actor}, ${row.ipHash}, ${row.targetHash},
              ${row.changes === null ? null : JSON.stringify(row.changes)}::jsonb, ${row.clientId}
            FROM locked
            RETURNING outcome`,
      );
      return { outcome: settled?.outcome ?? row.outcome };
    },

    async learningAccount(accountId: number): Promise<SignInAccount | undefined> {
      const [row] = await db
        .select(ACCOUNT_COLUMNS)
        .from(learningAccounts)
        .where(and(eq(learningAccounts.id, accountId), eq(learningAccounts.status, 'active')));
      return row;
    },

    /** The new password of a learning account, which ends any demand to choose one. */
    async setLearningPassword(accountId: number, passwordHash: string) {
      await db
        .update(learningAccounts)
        .set({ passwordHash, mustChangePassword: false, passwordChangedAt: sql`now()` })
        .where(eq(learningAccounts.id, accountId));
    },

    async staffByEmail(email: string): Promise<StaffAccount | undefined> {
      const [row] = await db
        .select()
        .from(staffAccounts)
        .where(and(eq(staffAccounts.email, email), eq(staffAccounts.status, 'active')));
      return row;
    },

    async staffById(id: number): Promise<StaffAccount | undefined> {
      const [row] = await db
        .select()
        .from(staffAccounts)
        .where(and(eq(staffAccounts.id, id), eq(staffAccounts.status, 'active')));
      return row;
    },

    /** The staff row locked for the transaction: its failures count one attempt at a time. */
    async holdStaff(id: number): Promise<StaffAccount | undefined> {
      const [row] = await db
        .select()
        .from(staffAccounts)
        .where(eq(staffAccounts.id, id))
        .for('update');
      return row;
    },

    async updateStaff(
      id: number,
      change: Partial<Omit<StaffAccount, 'id' | 'email' | 'createdAt'>>,
    ) {
      await db.update(staffAccounts).set(change).where(eq(staffAccounts.id, id));
    },

    async insertStaff(
      email: string,
      passwordHash: string,
      roles: readonly string[],
    ): Promise<number | undefined> {
      const [row] = await db
        .insert(staffAccounts)
        .values({ email, passwordHash, roles: [...roles] })
        .onConflictDoNothing()
        .returning({ id: staffAccounts.id });
      return row?.id;
    },

    /** Replaces a staff account's recovery codes with new ones. */
    async replaceRecoveryCodes(staffId: number, hashes: string[]) {
      await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
      await db.insert(staffRecoveryCodes).values(hashes.map((codeHash) => ({ staffId, codeHash })));
    },

    async unusedRecoveryHashes(staffId: number): Promise<string[]> {
      const rows = await db
        .select({ codeHash: staffRecoveryCodes.codeHash })
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
      return rows.map((row) => row.codeHash);
    },

    /** Spends a recovery code; false when another attempt spent it first. */
    async useRecoveryCode(staffId: number, codeHash: string): Promise<boolean> {
      const used = await db
        .update(staffRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(staffRecoveryCodes.staffId, staffId),
            eq(staffRecoveryCodes.codeHash, codeHash),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: staffRecoveryCodes.id });
      return used.length === 1;
    },

    /**
     * The claims of an active learning account, in one statement: the provider asks at every
     * sign-in and grant. Its schools are those the person belongs to today, with their role at
     * each (the `schools` claim and the portal's `school_admin` role): a school they left is not
     * listed.
     */
    async claims(accountId: number) {
      const [row] = await db
        .select({
          email: learningAccounts.email,
          name: people.fullName,
          personId: learningAccounts.personId,
          kind: learningAccounts.kind,
          schools: sql<SchoolClaim[]>`coalesce((
            SELECT json_agg(json_build_object('npsn', ${schoolMemberships.npsn}, 'name', ${schools.name},
                'level', ${schools.level}, 'role', ${schoolMemberships.role})
              ORDER BY ${schoolMemberships.npsn}, ${schoolMemberships.role})
            FROM ${schoolMemberships} JOIN ${schools} ON ${schools.npsn} = ${schoolMemberships.npsn}
            WHERE ${schoolMemberships.personId} = ${learningAccounts.personId}
              AND ${schoolMemberships.leftOn} IS NULL), '[]'::json)`,
        })
        .from(learningAccounts)
        .innerJoin(people, eq(people.id, learningAccounts.personId))
        .where(and(eq(learningAccounts.id, accountId), eq(learningAccounts.status, 'active')));
      return row;
    },

    /** Holds the person's row for the transaction: their attempts count one at a time. */
    holdPerson: codes.holdPerson,

    lockedSeconds: (personId: number) => codes.lockedSeconds(personId, [SIGN_IN_FLOW]),

    lock: (personId: number, seconds: number) => codes.lock(personId, SIGN_IN_FLOW, seconds),

    /** Records a wrong password; answers the person's wrong passwords within the window. */
    recordWrongPassword: (personId: number, windowMinutes: number) =>
      codes.recordWrongEntry(personId, SIGN_IN_FLOW, windowMinutes),

    /** A lock starts a fresh count: the wrong passwords before it are spent. */
    async clearWrongPasswords(personId: number): Promise<void> {
      await db
        .delete(codeWrongEntries)
        .where(
          and(eq(codeWrongEntries.personId, personId), eq(codeWrongEntries.flow, SIGN_IN_FLOW)),
        );
    },
  };
}
export type SignInRepository = ReturnType<typeof createSignInRepository>;
