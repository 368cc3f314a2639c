import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Profile, ProfileEvent, SchoolAdmins } from '@portal/contracts/profile';
import { maskEmail } from '../personal-data/masking';
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
import { UnauthorizedError } from '../http/domain-errors';

export type ProfileDependencies = {
  db: Db;
  /** The audit trail's keyed hash: events recorded by account address are found by it. */
  auditHash: (value: string) => string;
};

const ACTIVITY_SHOWN = 10;

/** Audit entries a person is shown, by action and outcome; anything else stays internal. */
const EVENTS: Record<string, Record<string, ProfileEvent>> = {
  'sign-in': {
    'signed-in': 'sign_in',
    'wrong-password': 'sign_in_failed',
    locked: 'sign_in_failed',
  },
  'sign-in-lock': { locked: 'sign_in_locked' },
  'reset-password': { changed: 'password_reset' },
  'change-email': { confirmed: 'email_changed' },
  'password-change': { 'initial-replaced': 'password_changed' },
  'student-password-reset': { 'reset-by-school': 'password_reset' },
};

/** What `/profile` shows of the person behind an account (contracts/profile.ts). */
export async function profileOf(deps: ProfileDependencies, accountId: number): Promise<Profile> {
  const { db } = deps;
  const [signedIn] = await db
    .select({ email: learningAccounts.email, personId: learningAccounts.personId })
    .from(learningAccounts)
    .where(eq(learningAccounts.id, accountId));
  if (!signedIn) throw new UnauthorizedError();
  const [person] = await db
    .select({ name: people.fullName, personalEmail: people.personalEmail })
    .from(people)
    .where(eq(people.id, signedIn.personId));
  const accounts = await db
    .select({
      email: learningAccounts.email,
      kind: learningAccounts.kind,
      schoolLevel: learningAccounts.schoolLevel,
    })
    .from(learningAccounts)
    .where(eq(learningAccounts.personId, signedIn.personId))
    .orderBy(learningAccounts.id);
  const memberships = await db
    .selectDistinct({ npsn: schools.npsn, name: schools.name, level: schools.level })
    .from(schoolMemberships)
    .innerJoin(schools, eq(schools.npsn, schoolMemberships.npsn))
    .where(eq(schoolMemberships.personId, signedIn.personId))
    .orderBy(schools.name);
  const [office] = await db
    .select({ name: offices.name })
    .from(officeStaff)
    .innerJoin(offices, eq(offices.id, officeStaff.officeId))
    .where(eq(officeStaff.personId, signedIn.personId));
  const events = await db
    .select({
      at: auditEvents.occurredAt,
      action: auditEvents.action,
      outcome: auditEvents.outcome,
    })
    .from(auditEvents)
    .where(
      and(
        inArray(auditEvents.action, Object.keys(EVENTS)),
        or(
          eq(auditEvents.personId, signedIn.personId),
          inArray(
            auditEvents.targetHash,
            accounts.map((account) => deps.auditHash(account.email)),
          ),
        ),
      ),
    )
    .orderBy(desc(auditEvents.occurredAt))
    .limit(ACTIVITY_SHOWN * 3);
  const activity = events
    .flatMap(({ at, action, outcome }) => {
      const event = EVENTS[action]?.[outcome];
      return event ? [{ at: at.toISOString(), event }] : [];
    })
    .slice(0, ACTIVITY_SHOWN);
  return {
    name: person?.name ?? '',
    signedInAs: signedIn.email,
    accounts: accounts.map((account) => ({
      email: account.email,
      userType: account.kind,
      schoolLevel: account.schoolLevel,
    })),
    schools: memberships,
    office: office?.name ?? null,
    personalEmail: person?.personalEmail ? maskEmail(person.personalEmail) : null,
    activity,
  };
}

const ADMIN_ROLES = ['principal', 'operator'] as const;

/**
 * The schools the account's person belongs to in the registry, whether they run each, and who
 * does: the auth modal tells a teacher whose request a student account needs.
 */
export async function schoolAdminsOf(
  deps: ProfileDependencies,
  accountId: number,
): Promise<SchoolAdmins> {
  const { db } = deps;
  const [signedIn] = await db
    .select({ personId: learningAccounts.personId })
    .from(learningAccounts)
    .where(eq(learningAccounts.id, accountId));
  if (!signedIn) throw new UnauthorizedError();
  const memberships = await db
    .select({ npsn: schools.npsn, name: schools.name, role: schoolMemberships.role })
    .from(schoolMemberships)
    .innerJoin(schools, eq(schools.npsn, schoolMemberships.npsn))
    .where(and(eq(schoolMemberships.personId, signedIn.personId), isNull(schoolMemberships.leftOn)))
    .orderBy(schools.name);
  const npsns = [...new Set(memberships.map((membership) => membership.npsn))];
  const admins =
    npsns.length === 0
      ? []
      : await db
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
              inArray(schoolMemberships.role, [...ADMIN_ROLES]),
              isNull(schoolMemberships.leftOn),
            ),
          )
          .orderBy(schoolMemberships.role, people.fullName);
  return {
    schools: npsns.map((npsn) => {
      const own = memberships.filter((membership) => membership.npsn === npsn);
      return {
        npsn,
        name: own[0]?.name ?? '',
        isAdmin: own.some((membership) => ADMIN_ROLES.some((role) => role === membership.role)),
        admins: admins.flatMap((admin) =>
          admin.npsn === npsn && (admin.role === 'principal' || admin.role === 'operator')
            ? [{ name: admin.name, role: admin.role }]
            : [],
        ),
      };
    }),
  };
}
