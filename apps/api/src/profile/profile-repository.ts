import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  auditEvents,
  learningAccounts,
  offices,
  officeStaff,
  people,
  schoolMemberships,
  schools,
} from '../db/schema';

/** SQL only: what the profile shows of a person, read by their account. */
export function createProfileRepository(db: Db) {
  return {
    async account(accountId: number) {
      const [row] = await db
        .select({ email: learningAccounts.email, personId: learningAccounts.personId })
        .from(learningAccounts)
        .where(eq(learningAccounts.id, accountId));
      return row;
    },
    async person(personId: number) {
      const [row] = await db
        .select({ name: people.fullName, personalEmail: people.personalEmail })
        .from(people)
        .where(eq(people.id, personId));
      return row;
    },
    accountsOf(personId: number) {
      return db
        .select({
          email: learningAccounts.email,
          kind: learningAccounts.kind,
          schoolLevel: learningAccounts.schoolLevel,
        })
        .from(learningAccounts)
        .where(eq(learningAccounts.personId, personId))
        .orderBy(learningAccounts.id);
    },
    /** Every school the person was ever a member of, by name. */
    schoolsOf(personId: number) {
      return db
        .selectDistinct({ npsn: schools.npsn, name: schools.name, level: schools.level })
        .from(schoolMemberships)
        .innerJoin(schools, eq(schools.npsn, schoolMemberships.npsn))
        .where(eq(schoolMemberships.personId, personId))
        .orderBy(schools.name);
    },
    async officeOf(personId: number) {
      const [row] = await db
        .select({ name: offices.name })
        .from(officeStaff)
        .innerJoin(offices, eq(offices.id, officeStaff.officeId))
        .where(eq(officeStaff.personId, personId));
      return row;
    },
    /** The newest audit entries of `actions` by the person or about one of `targetHashes`. */
    events(
      personId: number,
      {
        actions,
        targetHashes,
        limit,
      }: { actions: string[]; targetHashes: string[]; limit: number },
    ) {
      return db
        .select({
          at: auditEvents.occurredAt,
          action: auditEvents.action,
          outcome: auditEvents.outcome,
        })
        .from(auditEvents)
        .where(
          and(
            inArray(auditEvents.action, actions),
            or(eq(auditEvents.personId, personId), inArray(auditEvents.targetHash, targetHashes)),
          ),
        )
        .orderBy(desc(auditEvents.occurredAt))
        .limit(limit);
    },
    /** The schools the person belongs to today, with their role in each, by school name. */
    currentMemberships(personId: number) {
      return db
        .select({ npsn: schools.npsn, name: schools.name, role: schoolMemberships.role })
        .from(schoolMemberships)
        .innerJoin(schools, eq(schools.npsn, schoolMemberships.npsn))
        .where(and(eq(schoolMemberships.personId, personId), isNull(schoolMemberships.leftOn)))
        .orderBy(schools.name);
    },
    /** Who holds one of `roles` at the schools today, by role and name. */
    holdersOf(npsns: string[], roles: ('principal' | 'operator')[]) {
      return db
        .select({
          npsn: schoolMemberships.npsn,
          name: people.fullName,
          role: schoolMemberships.role,
        })
        .from(schoolMemberships)
        .innerJoin(people, eq(people.id, schoolMemberships.personId))
        .where(
          and(
            inArray(schoolMemberships.npsn, npsns),
            inArray(schoolMemberships.role, roles),
            isNull(schoolMemberships.leftOn),
          ),
        )
        .orderBy(schoolMemberships.role, people.fullName);
    },
  };
}
