import { z } from 'zod';
import { ERROR_MESSAGES } from './api-error';
import { ConsolePageSchema, consolePageOf } from './console';
import { OperationalDaySchema } from './operational-dates';
import { NewPasswordSchema } from './password-reset';
import { typedText } from './typed-text';
import { STAFF_MESSAGES } from './staff-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { STAFF_MESSAGES } from './staff-messages';

/**
 * The console's sections: each is one task of the ministry's staff, one route of the
 * console and one scope of its API. A role grants sections; the API's access hook checks them.
 */
export const CONSOLE_SECTIONS = [
  'office-requests',
  'referral-codes',
  'announcements',
  'toggles',
  'statistics',
  'deletions',
  'staff',
  'audit',
  'platforms',
] as const;
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

/**
 * Every staff role and what it may do (NIST SP 800-53 AC-5/AC-6: separation of duties, least
 * privilege). A staff member holds any set of roles; nobody holds a power no role names.
 */
export const STAFF_ROLES = {
  /** Office account requests and their letters: approve or reject. */
  reviewer: ['office-requests'],
  /** The referral codes offices need to send a request: create and revoke. */
  'referral-code-manager': ['referral-codes'],
  /** The public site's announcements. */
  announcer: ['announcements'],
  /** The feature toggles and the text settings the public site shows. */
  operator: ['toggles'],
  /** The statistics of accounts and requests. */
  analyst: ['statistics'],
  /** Reports on deleted accounts: uphold or dismiss. */
  registrar: ['deletions'],
  /** Reads the audit trail, changes nothing. */
  auditor: ['audit'],
  /** Staff accounts and their roles; reads the audit trail to see what staff did. */
  'staff-admin': ['staff', 'audit'],
  /** The platforms that sign people in with a learning account: register, edit,
   * rotate secrets, disable. */
  'platform-admin': ['platforms'],
} as const satisfies Record<string, readonly ConsoleSection[]>;
export type StaffRole = keyof typeof STAFF_ROLES;
export const STAFF_ROLE_NAMES = Object.keys(STAFF_ROLES) as StaffRole[];
export const StaffRoleSchema = z.enum(STAFF_ROLE_NAMES as [StaffRole, ...StaffRole[]]);

/** The sections a set of roles opens, in the console's order. */
export const sectionsOf = (roles: readonly StaffRole[]): ConsoleSection[] =>
  CONSOLE_SECTIONS.filter((section) =>
    roles.some((role) => (STAFF_ROLES[role] as readonly ConsoleSection[]).includes(section)),
  );

export const STAFF_ROLE_MESSAGES = {
  /** A signed-in staff member asked for a section none of their roles grants (403). */
  roleMissing:
    'Peran Anda tidak mencakup bagian konsol ini. Minta admin staf bila Anda memerlukannya.',
} as const;

/** Who is signed in to the console, and what they may open. */
export const StaffSelfSchema = z.object({
  email: z.string(),
  roles: z.array(StaffRoleSchema),
  sections: z.array(z.enum(CONSOLE_SECTIONS)),
});
export type StaffSelf = z.infer<typeof StaffSelfSchema>;

/** The console's staff section (staff admin) and the audit trail (auditor, staff admin). */
export const STAFF_ROUTES = {
  list: '/console/v1/staff',
  roles: '/console/v1/staff/:id/roles',
  disable: '/console/v1/staff/:id/disable',
  enable: '/console/v1/staff/:id/enable',
  resetSecondFactor: '/console/v1/staff/:id/second-factor/reset',
  invitation: '/console/v1/staff/:id/invitation',
  /** Public: the invited person chooses a password with the link's token. */
  acceptInvitation: '/console/v1/staff-invitations/accept',
  audit: '/console/v1/audit',
  auditCsv: '/console/v1/audit/export',
} as const;

/** An invitation link works this long (the mail says so), then the staff admin sends a new one. */
export const STAFF_INVITATION_VALID_HOURS = 72;
/** Where the invitation link leads; its token is in the fragment, never sent as part of a URL. */
export const STAFF_INVITATION_PAGE = '/konsol/undangan';

export const StaffStatusSchema = z.enum(['invited', 'active', 'disabled']);
export const StaffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(StaffRoleSchema),
  status: StaffStatusSchema,
  /** An authenticator app (or passkey) enrolled. */
  secondFactor: z.boolean(),
  lastSignInAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffListSchema = z.object({ items: z.array(StaffMemberSchema) });

const RolesSchema = z
  .array(StaffRoleSchema)
  .max(STAFF_ROLE_NAMES.length)
  .transform((roles) => STAFF_ROLE_NAMES.filter((role) => roles.includes(role)));
export const StaffInviteBodySchema = z.object({
  email: typedText({ error: ERROR_MESSAGES.required })
    .trim()
    .toLowerCase()
    .max(254, ERROR_MESSAGES.emailInvalid)
    .pipe(z.email(ERROR_MESSAGES.emailInvalid)),
  roles: RolesSchema,
});
export const StaffRolesBodySchema = z.object({ roles: RolesSchema });
export const AcceptInvitationBodySchema = z.object({
  token: typedText({ error: STAFF_MESSAGES.invitationInvalid })
    .min(1, STAFF_MESSAGES.invitationInvalid)
    .max(200, STAFF_MESSAGES.invitationInvalid),
  password: NewPasswordSchema,
});

/** The audit trail as the console reads it: filtered by person, action and day, newest first. */
export const AuditQuerySchema = z.object({
  /** A staff member's address: what they did. */
  actor: typedText().trim().toLowerCase().max(254, ERROR_MESSAGES.dataInvalid).optional(),
  action: typedText()
    // The same class as [a-z.-]: written so, Vite 8 (rolldown) breaks the regex in the web build.
    .regex(/^[.a-z-]{1,48}$/, ERROR_MESSAGES.dataInvalid)
    .optional(),
  from: OperationalDaySchema.optional(),
  to: OperationalDaySchema.optional(),
  page: ConsolePageSchema,
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
export const AuditEntrySchema = z.object({
  id: z.string(),
  occurredAt: z.iso.datetime(),
  /** The staff member's address, or the command line's name; null for a public request. */
  actor: z.string().nullable(),
  action: z.string(),
  outcome: z.string(),
  /** What the action changed, before and after; personal data only as keyed hashes. */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export const AuditPageSchema = consolePageOf(AuditEntrySchema);

/**
 * The actions the audit trail shows (those recorded with an actor: a staff member, a command, or
 * an account holder's own passkey), in the order the console's filter lists them.
 */
export const AUDIT_TRAIL_ACTIONS = [
  'staff.invite',
  'staff.invitation',
  'staff.invitation-accept',
  'staff.roles',
  'staff.disable',
  'staff.enable',
  'staff.second-factor-reset',
  'passkey-add',
  'passkey-remove',
  'console.access',
  'audit.export',
  'toggle',
  'announcement',
  'referral-code',
  'office-request',
  'account-deletion',
  'platform',
  'consent',
  'sign-in',
] as const;
