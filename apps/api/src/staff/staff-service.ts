import { sectionsOf, type StaffRole, type StaffSelf } from '@portal/contracts/staff-roles';
import type { Db } from '../db/database';
import { UnauthorizedError } from '../http/domain-errors';
import { createStaffRepository } from './staff-repository';

type Staff = { staffId: number; roles: readonly StaffRole[] };

/** Ministry staff as the console knows them: who is signed in and what they may open. */
export function createStaffService({ db }: { db: Db }) {
  const repository = createStaffRepository(db);
  return {
    /** The signed-in member's address, roles and the console sections those open. */
    async self(staff: Staff): Promise<StaffSelf> {
      const account = await repository.account(staff.staffId);
      if (!account) throw new UnauthorizedError();
      return { email: account.email, roles: [...staff.roles], sections: sectionsOf(staff.roles) };
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
