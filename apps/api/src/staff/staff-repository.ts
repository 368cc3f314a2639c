import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { staffAccounts } from '../db/schema';

/** The staff accounts as the console's staff section reads and changes them (issue 34). */
export function createStaffRepository(db: Db) {
  return {
    async account(id: number) {
      const [staff] = await db
        .select({ email: staffAccounts.email, roles: staffAccounts.roles })
        .from(staffAccounts)
        .where(eq(staffAccounts.id, id));
      return staff;
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
