import { and, eq, sql, type SQL } from 'drizzle-orm';
import { STUDENT_PAGE_SIZE, type IneligibleReason } from '@portal/contracts/school-admin';
import type { Db, Transaction } from '../db/database';
import { rowsOf } from '../db/rows-of';
import { learningAccounts, people } from '../db/schema';
import { personNameKey } from '../registry/name-normalizer';

/** A name part or a NISN's digits, as the stored columns compare it. */
function matching(query: string): SQL {
  if (query === '') return sql`TRUE`;
  if (/^\d+$/.test(query)) return sql`p.nisn LIKE ${`${query}%`}`;
  const key = personNameKey(query);
  return key === '' ? sql`FALSE` : sql`p.name_key LIKE ${`%${key}%`}`;
}

// The school's students who have no learning account yet, each with why it cannot be
// requested (the first reason that holds), or null. The school's memberships come first (the
// (npsn, role) index), then each student's row by its key: never a scan of the registry.
const studentsWithoutAccount = (npsn: string, where: SQL) => sql`
  WITH m AS MATERIALIZED (SELECT person_id, left_on FROM school_memberships
    WHERE npsn = ${npsn} AND role = 'student')
  SELECT p.id::text AS id, p.id AS person_id, p.full_name AS name, p.nisn,
    p.name_key COLLATE "C" AS name_key,
    CASE
      WHEN m.left_on IS NOT NULL THEN 'left_school'
      WHEN EXISTS (SELECT 1 FROM student_account_request_items i
        WHERE i.person_id = p.id AND i.status <> 'failed') THEN 'already_requested'
      WHEN p.nisn IS NULL THEN 'no_nisn'
      WHEN p.birth_date IS NULL THEN 'no_birth_date'
    END AS reason
  FROM m
  -- One primary-key probe per student and one account probe, whatever the registry's size.
  CROSS JOIN LATERAL (SELECT * FROM people WHERE people.id = m.person_id
    AND NOT EXISTS (SELECT 1 FROM learning_accounts a WHERE a.person_id = people.id AND a.kind = 'pd')
    LIMIT 1) p
  WHERE ${where}`;

export type StudentRow = {
  id: string;
  name: string;
  nisn: string | null;
  reason: IneligibleReason | null;
};

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export type SchoolAccountRow = {
  id: string;
  name: string;
  nisn: string | null;
  email: string;
  mustChangePassword: boolean;
};

export function createSchoolAdminRepository(db: Db | Transaction) {
  return {
    /** The learning accounts of the school's students today, from its memberships as above. */
    async searchAccounts(
      npsn: string,
      query: string,
      page: number,
    ): Promise<Page<SchoolAccountRow>> {
      const found = await rowsOf<SchoolAccountRow & { total: string }>(
        db,
        sql`WITH m AS MATERIALIZED (SELECT person_id FROM school_memberships
            WHERE npsn = ${npsn} AND role = 'student' AND left_on IS NULL)
          SELECT a.id::text AS id, p.full_name AS name, p.nisn, a.email,
            a.must_change_password AS "mustChangePassword", count(*) OVER () AS total
          FROM m
          CROSS JOIN LATERAL (SELECT * FROM people WHERE people.id = m.person_id LIMIT 1) p
          CROSS JOIN LATERAL (SELECT id, email, must_change_password FROM learning_accounts
            WHERE person_id = m.person_id AND kind = 'pd' AND status = 'active' LIMIT 1) a
          WHERE ${matching(query)}
          ORDER BY p.name_key COLLATE "C", a.id
          LIMIT ${STUDENT_PAGE_SIZE} OFFSET ${(page - 1) * STUDENT_PAGE_SIZE}`,
      );
      return {
        items: found.map(({ total: _total, ...account }) => account),
        total: found[0] ? Number(found[0].total) : 0,
        page,
        pageSize: STUDENT_PAGE_SIZE,
      };
    },

    async searchStudents(npsn: string, query: string, page: number): Promise<Page<StudentRow>> {
      const found = await rowsOf<StudentRow & { total: string }>(
        db,
        sql`SELECT id, name, nisn, reason, count(*) OVER () AS total
          FROM (${studentsWithoutAccount(npsn, matching(query))}) s
          ORDER BY name_key, person_id
          LIMIT ${STUDENT_PAGE_SIZE} OFFSET ${(page - 1) * STUDENT_PAGE_SIZE}`,
      );
      const total = found[0] ? Number(found[0].total) : await this.countStudents(npsn, query);
      return {
        items: found.map(({ id, name, nisn, reason }) => ({ id, name, nisn, reason })),
        total,
        page,
        pageSize: STUDENT_PAGE_SIZE,
      };
    },

    /** Past the last page the window count is gone: the total still has to be told. */
    async countStudents(npsn: string, query: string): Promise<number> {
      const [row] = await rowsOf<{ total: string }>(
        db,
        sql`SELECT count(*) AS total FROM (${studentsWithoutAccount(npsn, matching(query))}) s`,
      );
      return Number(row?.total ?? 0);
    },

    async eligibleStudentIds(npsn: string, query: string, limit: number): Promise<string[]> {
      const found = await rowsOf<{ id: string }>(
        db,
        sql`SELECT id FROM (${studentsWithoutAccount(npsn, matching(query))}) s
          WHERE reason IS NULL ORDER BY name_key, person_id LIMIT ${limit}`,
      );
      return found.map((row) => row.id);
    },

    /** The selected students as the listing sees them now. */
    async selectedStudents(npsn: string, ids: readonly number[]) {
      return rowsOf<StudentRow>(
        db,
        sql`SELECT id, name, nisn, reason FROM (${studentsWithoutAccount(
          npsn,
          sql`p.id IN (SELECT json_array_elements_text(${JSON.stringify(ids.map(String))}::json)::bigint)`,
        )}) s`,
      );
    },
    /** An active student account of the school, locked until the transaction ends. */
    async lockStudentAccount(npsn: string, accountId: number) {
      const [account] = await db
        .select({ email: learningAccounts.email, personalEmail: people.personalEmail })
        .from(learningAccounts)
        .innerJoin(people, eq(people.id, learningAccounts.personId))
        .where(
          and(
            eq(learningAccounts.id, accountId),
            eq(learningAccounts.kind, 'pd'),
            eq(learningAccounts.status, 'active'),
            // A student of the school today.
            sql`EXISTS (SELECT 1 FROM school_memberships m WHERE m.person_id = ${people.id}
              AND m.npsn = ${npsn} AND m.role = 'student' AND m.left_on IS NULL)`,
          ),
        )
        .for('update', { of: learningAccounts });
      return account;
    },

    /** A new initial password, which the first sign-in must replace. */
    async setInitialPassword(accountId: number, passwordHash: string) {
      await db
        .update(learningAccounts)
        .set({ passwordHash, mustChangePassword: true, passwordChangedAt: sql`now()` })
        .where(eq(learningAccounts.id, accountId));
    },
  };
}
export type SchoolAdminRepository = ReturnType<typeof createSchoolAdminRepository>;
