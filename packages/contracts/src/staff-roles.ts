import { z } from 'zod';

/**
 * The console's sections (issue 34): each is one task of the ministry's staff, one route of the
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
