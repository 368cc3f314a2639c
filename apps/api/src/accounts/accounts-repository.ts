import { and, eq, ne, sql } from 'drizzle-orm';
import type { SchoolLevel } from '@portal/contracts/user-types';
import type { Db, Transaction } from '../db/database';
import { learningAccounts, people, schoolMemberships, schools } from '../db/schema';

/** SQL only: learning accounts as they are made, and the people and schools they are made for. */
export function createAccountsRepository(db: Db | Transaction) {
  return {
    /** Inserts the account unless its address is taken; undefined when it is. */
    async insertIfFree(values: {
      email: string;
      kind: 'ptk' | 'pd' | 'dinas';
      personId: number;
      schoolLevel: SchoolLevel | null;
      officeId: number | null;
      /** The password the owner chose: no change asked at sign-in. */
      passwordHash?: string | undefined;
      /** An initial password, which the first sign-in must replace. */
      initialPasswordHash?: string | undefined;
    }): Promise<{ id: number; email: string } | undefined> {
      const { passwordHash, initialPasswordHash, ...account } = values;
      const [inserted] = await db
        .insert(learningAccounts)
        .values({
          ...account,
          ...(passwordHash ? { passwordHash, passwordChangedAt: sql`now()` } : {}),
          ...(initialPasswordHash
            ? {
                passwordHash: initialPasswordHash,
                mustChangePassword: true,
                passwordChangedAt: sql`now()`,
              }
            : {}),
        })
        .onConflictDoNothing({ target: learningAccounts.email })
        .returning({ id: learningAccounts.id, email: learningAccounts.email });
      return inserted;
    },
    /** The person, locked until the transaction ends. */
    async lockPerson(personId: number) {
      const [person] = await db
        .select({
          id: people.id,
          fullName: people.fullName,
          personalEmail: people.personalEmail,
          kind: people.kind,
        })
        .from(people)
        .where(eq(people.id, personId))
        .for('update');
      return person;
    },
    /** The school levels the person works at (any role but student). */
    async levelsWorkedAt(personId: number) {
      const rows = await db
        .selectDistinct({ level: schools.level })
        .from(schoolMemberships)
        .innerJoin(schools, eq(schools.npsn, schoolMemberships.npsn))
        .where(
          and(eq(schoolMemberships.personId, personId), ne(schoolMemberships.role, 'student')),
        );
      return rows.map((row) => row.level);
    },
    accountsOf(personId: number) {
      return db
        .select({ schoolLevel: learningAccounts.schoolLevel })
        .from(learningAccounts)
        .where(eq(learningAccounts.personId, personId));
    },
  };
}
