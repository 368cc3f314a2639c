import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { OfficeType } from '@portal/contracts/account-lookup';
import type { SchoolLevel, UserType } from '@portal/contracts/user-types';
import type { Db } from '../db/database';
import { emailChangeRequests, learningAccounts, people, regions, schools } from '../db/schema';
import type { Transaction } from '../jobs/job-queue';

export type PersonMatch = {
  id: number;
  kind: UserType;
  personalEmail: string | null;
  phone: string | null;
};

export type AccountSummary = { email: string; kind: UserType; schoolLevel: SchoolLevel | null };

type Where =
  | { kind: 'ptk' | 'pd'; npsn: string }
  | { kind: 'dinas'; regionCode: string; officeType: OfficeType };

// Registry keys keep single spaces; the lookup compares them without any (SPEC: names match
// whatever their case, spacing and punctuation). An expression index serves exactly this.
const compactKey = (column: typeof people.nameKey | typeof people.motherNameKey) =>
  sql`replace(${column}, ' ', '')`;

// Drizzle writes a column of the only table in FROM without its table name; inside a
// subquery that could bind to the subquery's own `id`. Correlations name the table.
const personId = sql.raw('"people"."id"');

const schoolColumns = {
  npsn: schools.npsn,
  name: schools.name,
  level: schools.level,
  regency: regions.name,
  province: sql<string>`(SELECT p.name FROM regions p WHERE p.code = ${regions.parentCode})`,
};

export type PersonWithAccounts = PersonMatch & { accounts: AccountSummary[] };

export function createAccountLookupRepository(db: Db) {
  // The lookup is the portal's hottest query: prepared once per connection, planned once.
  const accountsOf = sql<AccountSummary[] | null>`(SELECT json_agg(json_build_object(
      'email', a.email, 'kind', a.kind, 'schoolLevel', a.school_level) ORDER BY a.id)
    FROM learning_accounts a WHERE a.person_id = ${personId} AND a.status = 'active')`;
  const matches = (kind: UserType, belongs: ReturnType<typeof sql>) =>
    db
      .select({
        id: people.id,
        kind: people.kind,
        personalEmail: people.personalEmail,
        phone: people.phone,
        accounts: accountsOf,
      })
      .from(people)
      .where(
        and(
          eq(people.birthDate, sql.placeholder('birthDate')),
          sql`${compactKey(people.nameKey)} = ${sql.placeholder('nameKey')}`,
          sql`${compactKey(people.motherNameKey)} = ${sql.placeholder('motherKey')}`,
          eq(people.kind, kind),
          belongs,
        ),
      )
      .orderBy(asc(people.id))
      .limit(2);
  const findEducators = matches(
    'ptk',
    sql`EXISTS (SELECT 1 FROM school_memberships m WHERE m.person_id = ${personId}
      AND m.npsn = ${sql.placeholder('npsn')} AND m.role <> 'student')`,
  ).prepare('lookup_ptk');
  const findStudents = matches(
    'pd',
    sql`EXISTS (SELECT 1 FROM school_memberships m WHERE m.person_id = ${personId}
      AND m.npsn = ${sql.placeholder('npsn')} AND m.role = 'student')`,
  ).prepare('lookup_pd');
  const findDinas = matches(
    'dinas',
    sql`EXISTS (SELECT 1 FROM office_staff s JOIN offices o ON o.id = s.office_id WHERE s.person_id = ${personId}
      AND o.region_code = ${sql.placeholder('regionCode')} AND o.type = ${sql.placeholder('officeType')})`,
  ).prepare('lookup_dinas');

  return {
    /**
     * People of the kind at the school (or office) with that birth date, name and mother's
     * name, each with their active accounts: one prepared statement, one round trip.
     */
    async findPeople(
      where: Where,
      birthDate: string,
      nameKey: string,
      motherNameKey: string,
    ): Promise<PersonWithAccounts[]> {
      const params = {
        birthDate,
        nameKey: nameKey.replaceAll(' ', ''),
        motherKey: motherNameKey.replaceAll(' ', ''),
      };
      const rows =
        where.kind === 'dinas'
          ? await findDinas.execute({
              ...params,
              regionCode: where.regionCode,
              officeType: where.officeType,
            })
          : await (where.kind === 'pd' ? findStudents : findEducators).execute({
              ...params,
              npsn: where.npsn,
            });
      return rows.map((row) => ({ ...row, accounts: row.accounts ?? [] }));
    },

    async person(id: number, tx?: Transaction): Promise<PersonMatch | undefined> {
      const [row] = await (tx ?? db)
        .select({
          id: people.id,
          kind: people.kind,
          personalEmail: people.personalEmail,
          phone: people.phone,
        })
        .from(people)
        .where(eq(people.id, id));
      return row;
    },

    async accounts(personId: number, tx?: Transaction): Promise<AccountSummary[]> {
      return (tx ?? db)
        .select({
          email: learningAccounts.email,
          kind: learningAccounts.kind,
          schoolLevel: learningAccounts.schoolLevel,
        })
        .from(learningAccounts)
        .where(and(eq(learningAccounts.personId, personId), eq(learningAccounts.status, 'active')))
        .orderBy(asc(learningAccounts.id));
    },

    async schoolByNpsn(npsn: string) {
      const [row] = await db
        .select(schoolColumns)
        .from(schools)
        .innerJoin(regions, eq(regions.code, schools.regencyCode))
        .where(eq(schools.npsn, npsn));
      return row;
    },

    /** Schools whose name contains the words typed, shortest names first (the trigram index). */
    async schoolsByName(nameKey: string, limit: number) {
      const pattern = `%${nameKey.replace(/[\\%_]/g, '\\$&')}%`;
      return db
        .select(schoolColumns)
        .from(schools)
        .innerJoin(regions, eq(regions.code, schools.regencyCode))
        .where(sql`${schools.nameKey} LIKE ${pattern}`)
        .orderBy(sql`length(${schools.name})`, asc(schools.name), asc(schools.npsn))
        .limit(limit);
    },

    async updatePersonalEmail(tx: Transaction, personId: number, email: string): Promise<void> {
      await tx
        .update(people)
        .set({ personalEmail: email, updatedAt: sql`now()` })
        .where(eq(people.id, personId));
    },

    async openEmailChange(personId: number, tx?: Transaction) {
      const [row] = await (tx ?? db)
        .select()
        .from(emailChangeRequests)
        .where(
          and(eq(emailChangeRequests.personId, personId), isNull(emailChangeRequests.closedAt)),
        )
        .orderBy(sql`${emailChangeRequests.id} DESC`)
        .limit(1)
        .for('update');
      return row;
    },

    async closeOpenEmailChanges(tx: Transaction, personId: number, reason: string): Promise<void> {
      await tx
        .update(emailChangeRequests)
        .set({ closedAt: sql`now()`, closedReason: reason })
        .where(
          and(eq(emailChangeRequests.personId, personId), isNull(emailChangeRequests.closedAt)),
        );
    },

    async createEmailChange(
      tx: Transaction,
      change: {
        personId: number;
        newEmail: string;
        codeHash: string;
        currentCodeHash: string;
        validSeconds: number;
      },
    ) {
      await tx.insert(emailChangeRequests).values({
        personId: change.personId,
        newEmail: change.newEmail,
        codeHash: change.codeHash,
        currentCodeHash: change.currentCodeHash,
        expiresAt: sql`now() + make_interval(secs => ${change.validSeconds})`,
      });
    },

    async recordWrongCode(tx: Transaction, id: number, lockAfter: number): Promise<number> {
      const [row] = await tx
        .update(emailChangeRequests)
        .set({
          failedAttempts: sql`${emailChangeRequests.failedAttempts} + 1`,
          closedAt: sql`CASE WHEN ${emailChangeRequests.failedAttempts} + 1 >= ${lockAfter} THEN now() END`,
          closedReason: sql`CASE WHEN ${emailChangeRequests.failedAttempts} + 1 >= ${lockAfter} THEN 'locked' END`,
        })
        .where(eq(emailChangeRequests.id, id))
        .returning({ failedAttempts: emailChangeRequests.failedAttempts });
      return row?.failedAttempts ?? lockAfter;
    },

    async closeEmailChange(tx: Transaction, id: number, reason: string): Promise<void> {
      await tx
        .update(emailChangeRequests)
        .set({ closedAt: sql`now()`, closedReason: reason })
        .where(eq(emailChangeRequests.id, id));
    },
  };
}
export type AccountLookupRepository = ReturnType<typeof createAccountLookupRepository>;
