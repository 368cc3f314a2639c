import { createHash, randomBytes } from 'node:crypto';
import {
  sectionsOf,
  STAFF_INVITATION_VALID_HOURS,
  STAFF_MESSAGES,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
  type StaffSelf,
} from '@portal/contracts/staff';
import type { AuditLog } from '../audit/audit-log';
import type { PasswordHasher } from '../credentials/password-hasher';
import { newPasswordRefusal } from '../credentials/new-password-rules';
import type { Db, Transaction } from '../db/database';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../http/domain-errors';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import { createStaffRepository, type StaffRow } from './staff-repository';

type Staff = { staffId: number; roles: readonly StaffRole[] };

export type StaffDependencies = {
  db: Db;
  hasher: PasswordHasher;
  outbox: OutboxService;
  templates: MessageTemplates;
  audit: AuditLog;
  staffDomain: string;
  /** Ends every session and refresh token of an account (`staff:<id>`) in the transaction. */
  revokeSignIns: (tx: Transaction, accountId: string) => Promise<void>;
};

const isStaffRole = (role: string): role is StaffRole => role in STAFF_ROLES;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const actor = (staff: Staff) => `staff:${staff.staffId}`;

const notFound = () =>
  new NotFoundError({ id: 'staff_not_found', message: STAFF_MESSAGES.staffNotFound });
const selfChange = () =>
  new ForbiddenError({ id: 'staff_self_change', message: STAFF_MESSAGES.selfChange });
const lastStaffAdmin = () =>
  new ConflictError({ id: 'staff_last_admin', message: STAFF_MESSAGES.lastStaffAdmin });
const invitationInvalid = () =>
  new ValidationError([{ field: 'token', message: STAFF_MESSAGES.invitationInvalid }], {
    id: 'staff_invitation_invalid',
    message: STAFF_MESSAGES.invitationInvalid,
  });

/** A member as the console lists them. */
function toMember(row: StaffRow): StaffMember {
  return {
    id: String(row.id),
    email: row.email,
    roles: row.roles.filter(isStaffRole),
    status:
      row.status !== 'active' ? 'disabled' : row.invitationHash !== null ? 'invited' : 'active',
    secondFactor: row.totpEnrolledAt !== null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit keeps of a member's state: no address (the target hash names the member). */
const stateOf = (row: StaffRow) => ({
  roles: row.roles,
  status: toMember(row).status,
  secondFactor: row.totpEnrolledAt !== null,
});

/** A new invitation's token (mailed once) and what is stored of it. */
function newInvitation() {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    hash: sha256(token),
    expiresAt: new Date(Date.now() + STAFF_INVITATION_VALID_HOURS * 3_600_000),
  };
}

/**
 * Ministry staff as the console manages them: who is signed in, and the staff admin's
 * invitations, roles, disabling and second-factor resets. Nobody changes their own account here;
 * the last active staff admin stays; every change is audited with its before and after and
 * mailed to the person it concerns, in the same transaction.
 */
export function createStaffService(deps: StaffDependencies) {
  const { db, audit } = deps;
  const mail = deps.templates.in('id');

  /**
   * Changes another member in one transaction: the row held, the rule checked, the change, its
   * audit entry and the notice together, all or nothing.
   */
  async function change(
    staff: Staff,
    id: number,
    action: string,
    apply: (
      row: StaffRow,
      tx: Transaction,
    ) => Promise<{ row: StaffRow; notice: ReturnType<(typeof mail)['staffEnabled']> | null }>,
    ip: string,
  ): Promise<StaffMember> {
    if (id === staff.staffId) throw selfChange();
    return db.transaction(async (tx) => {
      const repository = createStaffRepository(tx);
      // Held first, in one order for every change: the rule below reads them all.
      const admins = await repository.holdActiveStaffAdmins();
      const before = await repository.hold(id);
      if (!before || before.status === 'deleted') throw notFound();
      const { row: after, notice } = await apply(before, tx);
      const remaining = admins.filter((admin) => admin !== id);
      const staysAdmin = after.status === 'active' && after.roles.includes('staff-admin');
      if (remaining.length === 0 && admins.includes(id) && !staysAdmin) throw lastStaffAdmin();
      await audit.record(
        {
          action,
          outcome: 'done',
          actor: actor(staff),
          ip,
          target: before.email,
          userType: 'staff',
          changes: { before: stateOf(before), after: stateOf(after) },
        },
        tx,
      );
      if (notice) await deps.outbox.enqueue(tx, notice);
      return toMember(after);
    });
  }

  return {
    /** The signed-in member's address, roles and the console sections those open. */
    async self(staff: Staff): Promise<StaffSelf> {
      const account = await createStaffRepository(db).account(staff.staffId);
      if (!account) throw new UnauthorizedError();
      return { email: account.email, roles: [...staff.roles], sections: sectionsOf(staff.roles) };
    },

    async list(): Promise<StaffMember[]> {
      return (await createStaffRepository(db).list()).map(toMember);
    },

    /**
     * Invites an address of the staff domain with its roles: the account exists at once, with no
     * password anyone knows; the mailed link (72 hours, once) lets the person choose one.
     */
    async invite(
      staff: Staff,
      input: { email: string; roles: StaffRole[] },
      ip: string,
    ): Promise<StaffMember> {
      if (!input.email.endsWith(`@${deps.staffDomain}`)) {
        throw new ValidationError([{ field: 'email', message: STAFF_MESSAGES.addressNotStaff }]);
      }
      const invitation = newInvitation();
      // Nobody knows this password: the account opens only through the invitation.
      const passwordHash = await deps.hasher.hash(randomBytes(32).toString('base64url'));
      return db.transaction(async (tx) => {
        const row = await createStaffRepository(tx).insertInvited({
          email: input.email,
          passwordHash,
          roles: input.roles,
          invitationHash: invitation.hash,
          invitationExpiresAt: invitation.expiresAt,
        });
        if (!row) {
          throw new ConflictError({ id: 'staff_exists', message: STAFF_MESSAGES.staffExists });
        }
        await audit.record(
          {
            action: 'staff.invite',
            outcome: 'done',
            actor: actor(staff),
            ip,
            target: row.email,
            userType: 'staff',
            changes: { before: null, after: stateOf(row) },
          },
          tx,
        );
        await deps.outbox.enqueue(
          tx,
          mail.staffInvitation(row.email, invitation.token, STAFF_INVITATION_VALID_HOURS),
        );
        return toMember(row);
      });
    },

    /** A new link for an invitation not yet used (the old link stops working). */
    resendInvitation(staff: Staff, id: number, ip: string): Promise<StaffMember> {
      const invitation = newInvitation();
      return change(
        staff,
        id,
        'staff.invitation',
        async (row, tx) => {
          if (row.invitationHash === null) {
            throw new ConflictError({
              id: 'staff_not_invited',
              message: STAFF_MESSAGES.notInvited,
            });
          }
          const updated = await createStaffRepository(tx).update(id, {
            invitationHash: invitation.hash,
            invitationExpiresAt: invitation.expiresAt,
          });
          return {
            row: updated,
            notice: mail.staffInvitation(row.email, invitation.token, STAFF_INVITATION_VALID_HOURS),
          };
        },
        ip,
      );
    },

    /** Grants and withdraws roles: the member's roles become these, from their next call. */
    setRoles(staff: Staff, id: number, roles: StaffRole[], ip: string): Promise<StaffMember> {
      return change(
        staff,
        id,
        'staff.roles',
        async (row, tx) => {
          const updated = await createStaffRepository(tx).update(id, { roles });
          return { row: updated, notice: mail.staffRolesChanged(row.email, roles) };
        },
        ip,
      );
    },

    /** Disables a member: every session and refresh token of theirs ends in the same moment. */
    disable(staff: Staff, id: number, ip: string): Promise<StaffMember> {
      return change(
        staff,
        id,
        'staff.disable',
        async (row, tx) => {
          const updated = await createStaffRepository(tx).update(id, { status: 'suspended' });
          await deps.revokeSignIns(tx, `staff:${id}`);
          return { row: updated, notice: mail.staffDisabled(row.email, new Date()) };
        },
        ip,
      );
    },

    enable(staff: Staff, id: number, ip: string): Promise<StaffMember> {
      return change(
        staff,
        id,
        'staff.enable',
        async (row, tx) => {
          const updated = await createStaffRepository(tx).update(id, { status: 'active' });
          return { row: updated, notice: mail.staffEnabled(row.email, new Date()) };
        },
        ip,
      );
    },

    /**
     * Forgets a member's second factor (a lost phone): their sessions end, and their next
     * sign-in enrols an authenticator app again.
     */
    resetSecondFactor(staff: Staff, id: number, ip: string): Promise<StaffMember> {
      return change(
        staff,
        id,
        'staff.second-factor-reset',
        async (row, tx) => {
          const updated = await createStaffRepository(tx).clearSecondFactor(id);
          await deps.revokeSignIns(tx, `staff:${id}`);
          return { row: updated, notice: mail.staffSecondFactorReset(row.email, new Date()) };
        },
        ip,
      );
    },

    /**
     * The invited person chooses their password with the link's token (once, within its hours);
     * the sign-in that follows enrols the second factor. Answers the address to sign in with.
     */
    async acceptInvitation(
      input: { token: string; password: string },
      ip: string,
    ): Promise<{ email: string }> {
      const hash = sha256(input.token);
      const usable = (row: StaffRow | undefined): row is StaffRow =>
        row !== undefined &&
        row.status === 'active' &&
        row.invitationExpiresAt !== null &&
        row.invitationExpiresAt.getTime() > Date.now();
      const invited = await createStaffRepository(db).invited(hash);
      if (!usable(invited)) throw invitationInvalid();
      const refusal = newPasswordRefusal(invited.email, input.password);
      if (refusal) {
        throw new ValidationError([{ field: 'password', message: refusal.message }], refusal);
      }
      // Hashing happens outside the transaction: it takes tens of milliseconds on the pool.
      const passwordHash = await deps.hasher.hash(input.password);
      return db.transaction(async (tx) => {
        const repository = createStaffRepository(tx);
        // Held, and checked again: two tabs sending the same link set one password.
        const row = await repository.holdInvited(hash);
        if (!usable(row)) throw invitationInvalid();
        const updated = await repository.update(row.id, {
          passwordHash,
          mustChangePassword: false,
          invitationHash: null,
          invitationExpiresAt: null,
        });
        await audit.record(
          {
            action: 'staff.invitation-accept',
            outcome: 'done',
            actor: `staff:${row.id}`,
            ip,
            target: row.email,
            userType: 'staff',
            changes: { before: stateOf(row), after: stateOf(updated) },
          },
          tx,
        );
        return { email: row.email };
      });
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
