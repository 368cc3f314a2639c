import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import {
  auditEvents,
  emailChangeRequests,
  learningAccounts,
  officeAccountRequests,
  offices,
  officeStaff,
  outboxMessages,
  passwordResetSessions,
  people,
  schoolMemberships,
  schools,
  studentAccountRequests,
} from '../db/schema';

/** How many rows of each history the data export carries at most, newest first. */
export const EXPORT_ROWS = 1000;

/** SQL only: what the profile shows of a person, read by their account. */
export function createProfileRepository(db: Db | Transaction) {
  return {
    /** What a password change needs of an active account: its hash and the contacts to tell. */
    async passwordHolder(accountId: number) {
      const [row] = await db
        .select({
          email: learningAccounts.email,
          kind: learningAccounts.kind,
          personId: learningAccounts.personId,
          passwordHash: learningAccounts.passwordHash,
          personalEmail: people.personalEmail,
          phone: people.phone,
        })
        .from(learningAccounts)
        .innerJoin(people, eq(people.id, learningAccounts.personId))
        .where(and(eq(learningAccounts.id, accountId), eq(learningAccounts.status, 'active')));
      return row;
    },
    /** The new password of the account (an initial one's demand ends with it). */
    async setPassword(accountId: number, passwordHash: string) {
      await db
        .update(learningAccounts)
        .set({ passwordHash, mustChangePassword: false, passwordChangedAt: sql`now()` })
        .where(eq(learningAccounts.id, accountId));
    },
    /** Everything the person's record holds, for their copy (the right of access). */
    async personInFull(personId: number) {
      const [row] = await db
        .select({
          name: people.fullName,
          birthDate: people.birthDate,
          personalEmail: people.personalEmail,
          phone: people.phone,
          nik: people.nik,
        })
        .from(people)
        .where(eq(people.id, personId));
      return row;
    },
    accountsInFull(personId: number) {
      return db
        .select({
          id: learningAccounts.id,
          email: learningAccounts.email,
          kind: learningAccounts.kind,
          schoolLevel: learningAccounts.schoolLevel,
          status: learningAccounts.status,
          createdAt: learningAccounts.createdAt,
          passwordChangedAt: learningAccounts.passwordChangedAt,
        })
        .from(learningAccounts)
        .where(eq(learningAccounts.personId, personId))
        .orderBy(learningAccounts.id);
    },
    /** Every membership the registry holds of the person, with role and dates. */
    membershipsInFull(personId: number) {
      return db
        .select({
          npsn: schools.npsn,
          name: schools.name,
          role: schoolMemberships.role,
          leftOn: schoolMemberships.leftOn,
        })
        .from(schoolMemberships)
        .innerJoin(schools, eq(schools.npsn, schoolMemberships.npsn))
        .where(eq(schoolMemberships.personId, personId))
        .orderBy(schools.name);
    },
    emailChanges(personId: number) {
      return db
        .select({
          newEmail: emailChangeRequests.newEmail,
          createdAt: emailChangeRequests.createdAt,
          closedAt: emailChangeRequests.closedAt,
          closedReason: emailChangeRequests.closedReason,
        })
        .from(emailChangeRequests)
        .where(eq(emailChangeRequests.personId, personId))
        .orderBy(desc(emailChangeRequests.createdAt))
        .limit(EXPORT_ROWS);
    },
    passwordResets(accountIds: number[]) {
      if (accountIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          createdAt: passwordResetSessions.createdAt,
          completedAt: passwordResetSessions.completedAt,
        })
        .from(passwordResetSessions)
        .where(inArray(passwordResetSessions.accountId, accountIds))
        .orderBy(desc(passwordResetSessions.createdAt))
        .limit(EXPORT_ROWS);
    },
    /** Office requests the person made: by their NIK, or that made one of their accounts. */
    officeRequests(nik: string, accountIds: number[]) {
      return db
        .select({
          createdAt: officeAccountRequests.createdAt,
          status: officeAccountRequests.status,
          officeType: officeAccountRequests.officeType,
          regionCode: officeAccountRequests.regionCode,
        })
        .from(officeAccountRequests)
        .where(
          accountIds.length > 0
            ? or(
                eq(officeAccountRequests.nik, nik),
                inArray(officeAccountRequests.accountId, accountIds),
              )
            : eq(officeAccountRequests.nik, nik),
        )
        .orderBy(desc(officeAccountRequests.createdAt))
        .limit(EXPORT_ROWS);
    },
    /** Student account requests the person submitted as a school admin. */
    studentRequests(accountIds: number[]) {
      if (accountIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          createdAt: studentAccountRequests.createdAt,
          status: studentAccountRequests.status,
          npsn: studentAccountRequests.npsn,
          total: studentAccountRequests.total,
        })
        .from(studentAccountRequests)
        .where(inArray(studentAccountRequests.requestedBy, accountIds))
        .orderBy(desc(studentAccountRequests.createdAt))
        .limit(EXPORT_ROWS);
    },
    /**
     * Messages the portal sent to `recipients`: when, how, to whom, about what, and whether one
     * carries a code (its end). The caller names only addresses that are the person's own.
     */
    notices(recipients: string[]) {
      if (recipients.length === 0) return Promise.resolve([]);
      return db
        .select({
          createdAt: outboxMessages.createdAt,
          channel: outboxMessages.channel,
          recipient: outboxMessages.recipient,
          subject: outboxMessages.subject,
          template: outboxMessages.template,
          expiresAt: outboxMessages.expiresAt,
        })
        .from(outboxMessages)
        .where(inArray(outboxMessages.recipient, recipients))
        .orderBy(desc(outboxMessages.createdAt))
        .limit(EXPORT_ROWS);
    },
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
    /**
     * The newest audit entries by the person or about one of `targetHashes` (their accounts),
     * of `actions` only when given.
     */
    events(
      personId: number,
      {
        actions,
        targetHashes,
        limit,
      }: { actions?: string[]; targetHashes: string[]; limit: number },
    ) {
      const byOrAbout =
        targetHashes.length > 0
          ? or(eq(auditEvents.personId, personId), inArray(auditEvents.targetHash, targetHashes))
          : eq(auditEvents.personId, personId);
      return (
        db
          .select({
            at: auditEvents.occurredAt,
            action: auditEvents.action,
            outcome: auditEvents.outcome,
          })
          .from(auditEvents)
          .where(actions ? and(inArray(auditEvents.action, actions), byOrAbout) : byOrAbout)
          // Events of one transaction share its time: the later insert is the later event.
          .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
          .limit(limit)
      );
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
