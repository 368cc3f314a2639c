import { and, desc, eq, inArray, isNull, like, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowCountOf, rowsOf } from '../db/rows-of';
import { learningAccounts, referralCodes, schoolMemberships, staffAccounts } from '../db/schema';
import type { OfficeType } from './registry-generator';

/** A demo identity's row: the person, their account, and their school or office. */
export type IdentityRow = {
  full_name: string;
  birth_date: string;
  mother_name: string;
  email: string;
  npsn: string | null;
  school_name: string | null;
  office_name: string | null;
  office_type: OfficeType | null;
  region_code: string | null;
  region_name: string | null;
};

// Someone who left the registry (a snapshot without them) is due for deletion: a demo that
// offered them would lead to a notice, not to an account. A report upheld keeps them current.
const current = sql`NOT EXISTS (SELECT 1 FROM account_deletions d
    WHERE d.person_id = p.id AND d.status <> 'cancelled')`;

/** SQL only: the demo accounts and data the development server hands out and prepares. */
export function createDemoRepository(db: Db) {
  const first = async (query: SQL): Promise<IdentityRow | undefined> => {
    const [row] = await rowsOf<IdentityRow>(db, query);
    return row;
  };
  /** Account e-mails of the demo's domain, other than `taken`. */
  const demoEmail = (productName: string, taken: readonly string[]) => [
    like(learningAccounts.email, `%@${productName}.id`),
    ...(taken.length > 0 ? [notInArray(learningAccounts.email, [...taken])] : []),
  ];
  return {
    // The first person of the kind (by id) with an account and a personal e-mail: the same
    // people for the same seed, and ones the reset journey can send a code to.
    firstSchoolPerson: (kind: 'ptk' | 'pd', domainPattern: string) =>
      first(sql`SELECT p.full_name, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date,
          p.mother_name, a.email, s.npsn, s.name AS school_name, NULL AS office_name,
          NULL AS office_type, NULL AS region_code, NULL AS region_name
        FROM people p
        JOIN learning_accounts a ON a.person_id = p.id AND a.kind = ${kind}
        JOIN school_memberships m ON m.person_id = p.id AND m.left_on IS NULL
        JOIN schools s ON s.npsn = m.npsn AND (a.school_level IS NULL OR s.level = a.school_level)
        WHERE p.kind = ${kind} AND p.personal_email IS NOT NULL AND a.email LIKE ${domainPattern}
          AND ${current}
        ORDER BY p.id, a.id
        LIMIT 1`),
    firstOfficePerson: (domainPattern: string) =>
      first(sql`SELECT p.full_name, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date,
          p.mother_name, a.email, NULL AS npsn, NULL AS school_name, o.name AS office_name,
          o.type AS office_type, r.code AS region_code, r.name AS region_name
        FROM people p
        JOIN learning_accounts a ON a.person_id = p.id AND a.kind = 'dinas'
        JOIN offices o ON o.id = a.office_id
        JOIN regions r ON r.code = o.region_code
        WHERE p.kind = 'dinas' AND p.personal_email IS NOT NULL AND a.email LIKE ${domainPattern}
          AND ${current}
        ORDER BY p.id, a.id
        LIMIT 1`),
    /** The newest teacher account of the demo's domain, not `taken`, who does not run a school. */
    async newestTeacher(productName: string, taken: readonly string[]) {
      const [teacher] = await db
        .select({ id: learningAccounts.id, email: learningAccounts.email })
        .from(learningAccounts)
        .where(
          and(
            eq(learningAccounts.kind, 'ptk'),
            ...demoEmail(productName, taken),
            // A teacher who does not run the school: the auth modal names who does.
            sql`NOT EXISTS (SELECT 1 FROM ${schoolMemberships} m WHERE m.person_id = ${learningAccounts.personId} AND m.role IN ('principal', 'operator'))`,
          ),
        )
        .orderBy(desc(learningAccounts.id))
        .limit(1);
      return teacher;
    },
    /** The account of a current principal (before an operator) of the school, not `taken`. */
    async schoolAdmin(npsn: string, productName: string, taken: readonly string[]) {
      const [admin] = await db
        .select({ id: learningAccounts.id, email: learningAccounts.email })
        .from(learningAccounts)
        .innerJoin(schoolMemberships, eq(schoolMemberships.personId, learningAccounts.personId))
        .where(
          and(
            eq(schoolMemberships.npsn, npsn),
            inArray(schoolMemberships.role, ['principal', 'operator']),
            isNull(schoolMemberships.leftOn),
            ...demoEmail(productName, taken),
          ),
        )
        .orderBy(schoolMemberships.role, learningAccounts.id)
        .limit(1);
      return admin;
    },
    /** Sets the password of the accounts with these e-mails that have none. */
    async setMissingPasswords(emails: readonly string[], passwordHash: string): Promise<void> {
      await db
        .update(learningAccounts)
        .set({ passwordHash })
        .where(
          and(inArray(learningAccounts.email, [...emails]), isNull(learningAccounts.passwordHash)),
        );
    },
    /** Sets the account's password (and whether it must be changed) if it has none. */
    async setMissingPassword(
      accountId: number,
      changes: { passwordHash: string; mustChangePassword?: boolean },
    ): Promise<void> {
      await db
        .update(learningAccounts)
        .set(changes)
        .where(and(eq(learningAccounts.id, accountId), isNull(learningAccounts.passwordHash)));
    },
    /** Adds the staff account unless one of that e-mail exists. */
    async addStaffAccount(account: {
      email: string;
      passwordHash: string;
      roles: (typeof staffAccounts.$inferInsert)['roles'];
    }): Promise<void> {
      await db.insert(staffAccounts).values(account).onConflictDoNothing();
    },
    /** Adds the referral code unless it exists. */
    async addReferralCode(code: { code: string; maxUses: number; expiresAt: Date }): Promise<void> {
      await db.insert(referralCodes).values(code).onConflictDoNothing();
    },
    /**
     * Gives the school's students without a class the one a child of their age is usually in on
     * 1 July of `schoolYear`.
     */
    async assignClassesByAge(npsn: string, schoolYear: number): Promise<void> {
      await rowCountOf(
        db,
        sql`UPDATE school_memberships m
          SET grade = least(greatest(
            date_part('year', age(make_date(${schoolYear}, 7, 1), p.birth_date))::int
              - CASE s.level WHEN 'SMP' THEN 12 WHEN 'SMA' THEN 15 WHEN 'SMK' THEN 15 ELSE 6 END
              + CASE s.level WHEN 'SMP' THEN 6 WHEN 'SMA' THEN 9 WHEN 'SMK' THEN 9 ELSE 0 END,
            CASE s.level WHEN 'SMP' THEN 7 WHEN 'SMA' THEN 10 WHEN 'SMK' THEN 10 ELSE 1 END),
            CASE s.level WHEN 'SMP' THEN 9 WHEN 'SMA' THEN 12 WHEN 'SMK' THEN 12 ELSE 6 END)
          FROM people p, schools s
          WHERE m.npsn = ${npsn} AND m.role = 'student' AND m.grade IS NULL
            AND p.id = m.person_id AND p.birth_date IS NOT NULL AND s.npsn = m.npsn`,
      );
    },
  };
}
