import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import { passkeys, staffAccounts, staffRecoveryCodes } from '../db/schema';

const member = {
  id: staffAccounts.id,
  email: staffAccounts.email,
  roles: staffAccounts.roles,
  status: staffAccounts.status,
  invitationHash: staffAccounts.invitationHash,
  invitationExpiresAt: staffAccounts.invitationExpiresAt,
  totpEnrolledAt: staffAccounts.totpEnrolledAt,
  lastSignInAt: staffAccounts.lastSignInAt,
  createdAt: staffAccounts.createdAt,
};
export type StaffRow = {
  id: number;
  email: string;
  roles: string[];
  status: 'active' | 'suspended' | 'deleted';
  invitationHash: string | null;
  invitationExpiresAt: Date | null;
  totpEnrolledAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
};

type StaffChange = Partial<{
  roles: string[];
  status: 'active' | 'suspended';
  passwordHash: string;
  mustChangePassword: boolean;
  invitationHash: string | null;
  invitationExpiresAt: Date | null;
}>;

/** The staff accounts as the console's staff section reads and changes them. */
export function createStaffRepository(db: Db | Transaction) {
  return {
    async account(id: number): Promise<StaffRow | undefined> {
      const [row] = await db.select(member).from(staffAccounts).where(eq(staffAccounts.id, id));
      return row;
    },

    /** Every member but the deleted, by address. */
    list(): Promise<StaffRow[]> {
      return db
        .select(member)
        .from(staffAccounts)
        .where(sql`${staffAccounts.status} <> 'deleted'`)
        .orderBy(asc(staffAccounts.email));
    },

    /** The member's row, held until the transaction ends. */
    async hold(id: number): Promise<StaffRow | undefined> {
      const [row] = await db
        .select(member)
        .from(staffAccounts)
        .where(eq(staffAccounts.id, id))
        .for('update');
      return row;
    },

    /** The invited member whose link this is. */
    async invited(invitationHash: string): Promise<StaffRow | undefined> {
      const [row] = await db
        .select(member)
        .from(staffAccounts)
        .where(eq(staffAccounts.invitationHash, invitationHash));
      return row;
    },

    /** The same, held until the transaction ends. */
    async holdInvited(invitationHash: string): Promise<StaffRow | undefined> {
      const [row] = await db
        .select(member)
        .from(staffAccounts)
        .where(eq(staffAccounts.invitationHash, invitationHash))
        .for('update');
      return row;
    },

    /**
     * The active staff admins, held: two admins withdrawing each other at once wait for one
     * another, so the last one is never removed.
     */
    async holdActiveStaffAdmins(): Promise<number[]> {
      const rows = await db
        .select({ id: staffAccounts.id })
        .from(staffAccounts)
        .where(
          and(eq(staffAccounts.status, 'active'), sql`'staff-admin' = ANY(${staffAccounts.roles})`),
        )
        .orderBy(asc(staffAccounts.id))
        .for('update');
      return rows.map((row) => row.id);
    },

    async insertInvited(values: {
      email: string;
      passwordHash: string;
      roles: string[];
      invitationHash: string;
      invitationExpiresAt: Date;
    }): Promise<StaffRow | undefined> {
      const [row] = await db
        .insert(staffAccounts)
        .values({ ...values, mustChangePassword: false })
        .onConflictDoNothing()
        .returning(member);
      return row;
    },

    async update(id: number, change: StaffChange): Promise<StaffRow> {
      const [row] = await db
        .update(staffAccounts)
        .set(change)
        .where(eq(staffAccounts.id, id))
        .returning(member);
      return row!;
    },

    /** Forgets every second factor (app, recovery codes, passkeys): the next sign-in enrols one. */
    async clearSecondFactor(id: number): Promise<StaffRow> {
      await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
      await db.delete(passkeys).where(eq(passkeys.staffId, id));
      const [row] = await db
        .update(staffAccounts)
        .set({ totpSecretSealed: null, totpEnrolledAt: null, totpLastStep: null })
        .where(eq(staffAccounts.id, id))
        .returning(member);
      return row!;
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
