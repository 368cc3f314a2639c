import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { learningAccounts, schoolMemberships, staffAccounts } from '../db/schema';

/** The roles of SPEC §6 that act for their school. */
const ADMIN_ROLES = ['principal', 'operator'] as const;

/** What the access checks read: the staff account and the registry's school admins. */
export function createAccessRepository(db: Db) {
  return {
    async staffAccount(id: number) {
      const [staff] = await db
        .select({
          status: staffAccounts.status,
          enrolled: staffAccounts.totpEnrolledAt,
          roles: staffAccounts.roles,
        })
        .from(staffAccounts)
        .where(eq(staffAccounts.id, id));
      return staff;
    },

    async learningAccount(id: number) {
      const [account] = await db
        .select({ personId: learningAccounts.personId, status: learningAccounts.status })
        .from(learningAccounts)
        .where(eq(learningAccounts.id, id));
      return account;
    },

    /** The schools whose principal or operator the person is today (not left). */
    async schoolsRunBy(personId: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ npsn: schoolMemberships.npsn })
        .from(schoolMemberships)
        .where(
          and(
            eq(schoolMemberships.personId, personId),
            inArray(schoolMemberships.role, [...ADMIN_ROLES]),
            isNull(schoolMemberships.leftOn),
          ),
        );
      return rows.map((row) => row.npsn);
    },
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
