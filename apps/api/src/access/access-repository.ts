import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { learningAccounts, oidcModels, schoolMemberships, staffAccounts } from '../db/schema';

/** The roles of SPEC §6 that act for their school. */
const ADMIN_ROLES = ['principal', 'operator'] as const;

/**
 * The schools whose principal or operator the person is, sorted: today (not left), or with
 * `andLeft` also those they left. The access checks ask the first, the sign-in's claims the
 * second.
 */
export async function schoolsRunBy(
  db: Db,
  personId: number,
  { andLeft = false }: { andLeft?: boolean } = {},
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ npsn: schoolMemberships.npsn })
    .from(schoolMemberships)
    .where(
      and(
        eq(schoolMemberships.personId, personId),
        inArray(schoolMemberships.role, [...ADMIN_ROLES]),
        andLeft ? undefined : isNull(schoolMemberships.leftOn),
      ),
    );
  return rows.map((row) => row.npsn).sort();
}

/**
 * The sign-in provider's session `uid` of the account (the token's `sub`), not ended and not
 * expired: found by the index on `uid`.
 */
const liveSession = (subject: string, uid: string) =>
  and(
    eq(oidcModels.model, 'Session'),
    eq(oidcModels.uid, uid),
    eq(oidcModels.accountId, subject),
    or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, sql`now()`)),
  );

/** Whether that session is live, as a column of a query about its account. */
const sessionLive = (subject: string, uid: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${oidcModels} WHERE ${liveSession(subject, uid)})`.mapWith(
    Boolean,
  );

/**
 * What the access checks read: whether a token's session is live, the staff account and the
 * registry's school admins. Each check is one query, its session's included (decision 0282).
 */
export function createAccessRepository(db: Db) {
  return {
    /** Whether the provider's session `uid` of the account `subject` is live. */
    async sessionIsLive(subject: string, uid: string): Promise<boolean> {
      const [found] = await db
        .select({ uid: oidcModels.uid })
        .from(oidcModels)
        .where(liveSession(subject, uid))
        .limit(1);
      return found !== undefined;
    },

    /** The staff account, with whether the token's session `uid` is live. */
    async staffAccount(id: number, sessionUid: string) {
      const [staff] = await db
        .select({
          status: staffAccounts.status,
          enrolled: staffAccounts.totpEnrolledAt,
          roles: staffAccounts.roles,
          sessionLive: sessionLive(`staff:${id}`, sessionUid),
        })
        .from(staffAccounts)
        .where(eq(staffAccounts.id, id));
      return staff;
    },

    /** The learning account, with whether the token's session `uid` is live. */
    async learningAccount(id: number, sessionUid: string) {
      const [account] = await db
        .select({
          personId: learningAccounts.personId,
          status: learningAccounts.status,
          sessionLive: sessionLive(String(id), sessionUid),
        })
        .from(learningAccounts)
        .where(eq(learningAccounts.id, id));
      return account;
    },

    /** The schools whose principal or operator the person is today (not left). */
    schoolsRunBy: (personId: number) => schoolsRunBy(db, personId),
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
