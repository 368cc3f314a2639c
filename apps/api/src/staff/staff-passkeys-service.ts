import type { PasskeyRegistrationBody } from '@portal/contracts/passkeys';
import type { Db } from '../db/database';
import { UnauthorizedError } from '../http/domain-errors';
import type { PasskeyOwner } from '../passkeys/passkeys-repository';
import type { PasskeysService } from '../passkeys/passkeys-service';
import { createStaffRepository } from './staff-repository';

const ownerOf = (staffId: number): PasskeyOwner => ({ kind: 'staff', id: staffId });

/**
 * A staff member's own passkeys in the console: any staff member signed in with
 * their second factor holds up to the policy's number, named in authenticators by their address.
 * The authenticator app stays enrolled: removing the last passkey leaves it as the second factor.
 */
export function createStaffPasskeysService(deps: { db: Db; passkeys: PasskeysService }) {
  const { passkeys } = deps;
  const accounts = createStaffRepository(deps.db);
  return {
    list: (staffId: number) => passkeys.list(ownerOf(staffId)),

    async registrationOptions(staffId: number) {
      const staff = await accounts.account(staffId);
      if (!staff || staff.status !== 'active') throw new UnauthorizedError();
      return passkeys.registrationOptions(ownerOf(staffId), {
        name: staff.email,
        displayName: staff.email,
      });
    },

    register: (staffId: number, body: PasskeyRegistrationBody, ip: string) =>
      passkeys.register(ownerOf(staffId), body, ip),

    remove: (staffId: number, passkeyId: number, ip: string) =>
      passkeys.remove(ownerOf(staffId), passkeyId, ip),
  };
}
export type StaffPasskeysService = ReturnType<typeof createStaffPasskeysService>;
