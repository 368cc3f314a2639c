import type { Client } from 'pg';

// Who the submissions of kill-instance.faults.ts are for, read from the seeded registry: a
// different person for every submission (one person may ask once a minute), and for the code
// flows a personal e-mail nobody else has, so that every code and notice the test reads at the
// SMTP sink is theirs alone.

/** Personal e-mail addresses held by exactly one person of the registry. */
const OWN_EMAIL = `own_email AS (
  SELECT lower(personal_email) AS email FROM people WHERE personal_email IS NOT NULL
  GROUP BY 1 HAVING count(*) = 1)`;

export type Teacher = { npsn: string; fullName: string; birthDate: string; motherName: string };

/** Teachers with an account and a personal e-mail who run no school (the admins are busy). */
export async function teachersToLookUp(db: Client, count: number): Promise<Teacher[]> {
  const found = await db.query<Teacher>(
    `SELECT DISTINCT ON (p.id) m.npsn, p.full_name AS "fullName",
            to_char(p.birth_date, 'YYYY-MM-DD') AS "birthDate", p.mother_name AS "motherName"
     FROM people p
     JOIN learning_accounts a ON a.person_id = p.id
     JOIN school_memberships m ON m.person_id = p.id
     WHERE p.kind = 'ptk' AND p.personal_email IS NOT NULL AND p.birth_date IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM school_memberships x
                       WHERE x.person_id = p.id AND x.role IN ('principal', 'operator'))
     ORDER BY p.id
     LIMIT $1`,
    [count],
  );
  return found.rows;
}

export type Student = Teacher & {
  personId: number;
  accountId: number;
  accountEmail: string;
  personalEmail: string;
  /** The account's password hash before the run (null: never set). */
  hashBefore: string | null;
};

/**
 * Students with an account and an e-mail of their own whom the lookup finds as themselves and
 * nobody else; the last by id, away from the demo identities (the first).
 */
export async function studentsWithAccounts(db: Client, count: number): Promise<Student[]> {
  const found = await db.query<Student>(
    `WITH ${OWN_EMAIL}
     SELECT DISTINCT ON (p.id) p.id::int AS "personId", a.id::int AS "accountId",
            a.email AS "accountEmail", a.password_hash AS "hashBefore", m.npsn,
            p.full_name AS "fullName", to_char(p.birth_date, 'YYYY-MM-DD') AS "birthDate",
            p.mother_name AS "motherName", p.personal_email AS "personalEmail"
     FROM people p
     JOIN own_email o ON o.email = lower(p.personal_email)
     JOIN learning_accounts a ON a.person_id = p.id AND a.kind = 'pd' AND a.status = 'active'
     JOIN school_memberships m ON m.person_id = p.id AND m.role = 'student' AND m.left_on IS NULL
     WHERE p.kind = 'pd' AND p.birth_date IS NOT NULL
       AND NOT EXISTS (
         SELECT 1 FROM people t JOIN school_memberships tm ON tm.person_id = t.id
         WHERE tm.npsn = m.npsn AND t.id <> p.id AND t.kind = 'pd' AND t.name_key = p.name_key
           AND t.birth_date = p.birth_date AND t.mother_name_key = p.mother_name_key)
     ORDER BY p.id DESC
     LIMIT $1`,
    [count],
  );
  return found.rows;
}

/** What a reset by e-mail needs: the account, the birth date, the personal e-mail. */
export type ResetAccount = { accountEmail: string; birthDate: string; personalEmail: string };
export type SchoolWaiting = {
  npsn: string;
  /** Students requestable today: a NISN, a birth date, still at the school, no account. */
  waiting: number;
  /** A principal or operator with an account who can reset its password by e-mail. */
  admin: ResetAccount | null;
};

/** Schools with students waiting for an account, those with the most first. */
export async function schoolsWithWaitingStudents(db: Client): Promise<SchoolWaiting[]> {
  const found = await db.query<{ npsn: string; waiting: number } & Partial<ResetAccount>>(
    `WITH ${OWN_EMAIL},
     waiting AS (
       SELECT m.npsn, count(*)::int AS waiting
       FROM people p
       JOIN school_memberships m ON m.person_id = p.id AND m.role = 'student' AND m.left_on IS NULL
       WHERE p.nisn IS NOT NULL AND p.birth_date IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM learning_accounts a WHERE a.person_id = p.id)
       GROUP BY m.npsn),
     admins AS (
       SELECT DISTINCT ON (m.npsn) m.npsn, a.email AS "accountEmail",
              to_char(p.birth_date, 'YYYY-MM-DD') AS "birthDate", p.personal_email AS "personalEmail"
       FROM school_memberships m
       JOIN people p ON p.id = m.person_id AND p.birth_date IS NOT NULL
       JOIN own_email o ON o.email = lower(p.personal_email)
       JOIN learning_accounts a ON a.person_id = p.id AND a.status = 'active'
       WHERE m.role IN ('principal', 'operator') AND m.left_on IS NULL
       ORDER BY m.npsn, m.role, a.id)
     SELECT w.npsn, w.waiting, d."accountEmail", d."birthDate", d."personalEmail"
     FROM waiting w LEFT JOIN admins d ON d.npsn = w.npsn
     ORDER BY w.waiting DESC, w.npsn`,
  );
  return found.rows.map(({ npsn, waiting, accountEmail, birthDate, personalEmail }) => ({
    npsn,
    waiting,
    admin:
      accountEmail && birthDate && personalEmail
        ? { accountEmail, birthDate, personalEmail }
        : null,
  }));
}
