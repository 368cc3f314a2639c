import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@portal/contracts/staff';
import type { PasswordHasher } from '../credentials/password-hasher';
import type { Db } from '../db/database';
import { createSignInRepository } from './sign-in-repository';

export type StaffAccountsDependencies = { db: Db; hasher: PasswordHasher; staffDomain: string };

export class StaffAddressError extends Error {
  override name = 'StaffAddressError';
}

/** The ministry's staff accounts, added by the staff command (`npm run staff`). */
export function createStaffAccounts({ db, hasher, staffDomain }: StaffAccountsDependencies) {
  /**
   * Creates a staff account with a random initial password, answered once: the first sign-in
   * replaces it and enrols the second factor. `created` is false when the address has one.
   * The roles say what the member may do; none is a member who can open no section.
   */
  async function addStaffAccount(
    address: string,
    roles: readonly StaffRole[] = [],
  ): Promise<{ created: boolean; password: string }> {
    const email = address.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+$/.test(email) || !email.endsWith(`@${staffDomain}`)) {
      throw new StaffAddressError(
        `${address} is not an address in the staff domain ${staffDomain}`,
      );
    }
    const password = randomBytes(12).toString('base64url');
    const id = await createSignInRepository(db).insertStaff(
      email,
      await hasher.hash(password),
      roles,
    );
    return { created: id !== undefined, password };
  }

  return { addStaffAccount };
}
