import { and, eq, inArray, isNull } from 'drizzle-orm';
import { SCHOOL_ADMIN_MESSAGES } from '@portal/contracts/school-admin';
import { learningAccounts, schoolMemberships } from '../db/schema';
import { ForbiddenError, UnauthorizedError } from '../http/domain-errors';
import { accountOfToken, type ProfileDependencies } from '../profile/profile-service';

/** Who acts for a school: the admin's learning account and the person behind it. */
export type SchoolAdmin = { accountId: number; personId: number; npsn: string };

/**
 * The school admin of SPEC §6 behind a request: a valid access token of our provider for an
 * active learning account whose person is the school's principal or operator today. Anyone
 * else signed in (a teacher, a student, an admin of another school) gets 403; no token, 401.
 */
export async function schoolAdminOf(
  deps: ProfileDependencies,
  authorization: string | undefined,
  npsn: string,
): Promise<SchoolAdmin> {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (!token) throw new UnauthorizedError();
  const accountId = await accountOfToken(deps, token);
  const [account] = await deps.db
    .select({ personId: learningAccounts.personId, status: learningAccounts.status })
    .from(learningAccounts)
    .where(eq(learningAccounts.id, accountId));
  if (!account || account.status !== 'active') throw new UnauthorizedError();
  const [membership] = await deps.db
    .select({ role: schoolMemberships.role })
    .from(schoolMemberships)
    .where(
      and(
        eq(schoolMemberships.personId, account.personId),
        eq(schoolMemberships.npsn, npsn),
        inArray(schoolMemberships.role, ['principal', 'operator']),
        isNull(schoolMemberships.leftOn),
      ),
    )
    .limit(1);
  if (!membership) {
    throw new ForbiddenError({
      id: 'not_school_admin',
      message: SCHOOL_ADMIN_MESSAGES.notSchoolAdmin,
    });
  }
  return { accountId, personId: account.personId, npsn };
}
