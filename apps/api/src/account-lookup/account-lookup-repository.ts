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

export function createAccountLookupRepository(db: Db) {
  return {
    /** People of the kind at the school (or office) with that birth date, name and mother's name. */
    async findPeople(
      where: Where,
      birthDate: string,
      nameKey: string,
      motherNameKey: string,
    ): Promise<PersonMatch[]> {
      const belongs =
        where.kind === 'dinas'
          ? sql`EXISTS (SELECT 1 FROM office_staff s JOIN offices o ON o.id = s.office_id
              WHERE s.person_id = ${people.id} AND o.region_code = ${where.regionCode} AND o.type = ${where.officeType})`
          : sql`EXISTS (SELECT 1 FROM school_memberships m
              WHERE m.person_id = ${people.id} AND m.npsn = ${where.npsn}
                AND ${where.kind === 'pd' ? sql`m.role = 'student'` : sql`m.role <> 'student'`})`;
      return db
        .select({
          id: people.id,
          kind: people.kind,
          personalEmail: people.personalEmail,
          phone: people.phone,
        })
        .from(people)
        .where(
          and(
            eq(people.birthDate, birthDate),
            sql`${compactKey(people.nameKey)} = ${nameKey.replaceAll(' ', '')}`,
            sql`${compactKey(people.motherNameKey)} = ${motherNameKey.replaceAll(' ', '')}`,
            eq(people.kind, where.kind),
            belongs,
          ),
        )
        .orderBy(asc(people.id))
        .limit(2);
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
        .select({
          npsn: schools.npsn,
          name: schools.name,
          level: schools.level,
          regency: regions.name,
          province: sql<string>`(SELECT p.name FROM regions p WHERE p.code = ${regions.parentCode})`,
        })
        .from(schools)
        .innerJoin(regions, eq(regions.code, schools.regencyCode))
        .where(eq(schools.npsn, npsn));
      return row;
    },

    /** Schools whose name contains the words typed, shortest names first (the trigram index). */
    async schoolsByName(nameKey: string, limit: number) {
      const pattern = `%${nameKey.replace(/[\\%_]/g, '\\$&')}%`;
      return db
        .select({
          npsn: schools.npsn,
          name: schools.name,
          level: schools.level,
          regency: regions.name,
          province: sql<string>`(SELECT p.name FROM regions p WHERE p.code = ${regions.parentCode})`,
        })
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
      personId: number,
      newEmail: string,
      codeHash: string,
      validSeconds: number,
    ) {
      await tx.insert(emailChangeRequests).values({
        personId,
        newEmail,
        codeHash,
        expiresAt: sql`now() + make_interval(secs => ${validSeconds})`,
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
