import { eq } from 'drizzle-orm';
import { staffAccounts } from '../db/schema';
import { ForbiddenError, UnauthorizedError } from '../http/domain-errors';
import { subjectOfToken, type ProfileDependencies } from '../profile/profile-service';

/**
 * The ministry staff member behind a console call (DESIGN.md: the `staff` role with a TOTP second
 * factor): an access token of our provider for a staff account that is active and has its
 * authenticator enrolled (a staff sign-in only ends after the code). A learning account's token
 * is refused with 403; no valid token, 401.
 */
export async function staffOf(
  deps: ProfileDependencies,
  authorization: string | undefined,
): Promise<{ staffId: number }> {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (!token) throw new UnauthorizedError();
  const subject = await subjectOfToken(deps, token);
  const id = /^staff:(\d{1,18})$/.exec(subject)?.[1];
  if (!id) throw new ForbiddenError();
  const [staff] = await deps.db
    .select({ status: staffAccounts.status, enrolled: staffAccounts.totpEnrolledAt })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, Number(id)));
  if (!staff || staff.status !== 'active' || !staff.enrolled) throw new UnauthorizedError();
  return { staffId: Number(id) };
}
