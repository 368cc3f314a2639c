import { z } from 'zod';
import { SchoolLevelSchema, UserTypeSchema } from './user-types';

/** `/profile` (SPEC §2): the signed-in person's accounts and recent security events. */
export const PROFILE_PATH = '/profile/v1/me';

/** What the profile lists from the audit trail: when and what, never a password or an address. */
export const ProfileEventSchema = z.enum([
  'sign_in',
  'sign_in_failed',
  'sign_in_locked',
  'password_reset',
  'password_changed',
  'email_changed',
  /** Issue 35: the profile's sign-in methods. */
  'second_factor_added',
  'second_factor_removed',
  'recovery_codes_renewed',
]);
export type ProfileEvent = z.infer<typeof ProfileEventSchema>;

export const ProfileSchema = z.object({
  name: z.string(),
  /** The account the session is for. */
  signedInAs: z.string(),
  accounts: z.array(
    z.object({
      email: z.string(),
      userType: UserTypeSchema,
      /** The school level an educator's account is for; null for students and offices. */
      schoolLevel: SchoolLevelSchema.nullable(),
    }),
  ),
  schools: z.array(z.object({ npsn: z.string(), name: z.string(), level: SchoolLevelSchema })),
  office: z.string().nullable(),
  /** The personal e-mail on file, masked as everywhere else; null when there is none. */
  personalEmail: z.string().nullable(),
  activity: z.array(z.object({ at: z.iso.datetime(), event: ProfileEventSchema })),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** The schools of the signed-in person and who runs each (SPEC §2: the auth modal's notice). */
export const SCHOOL_ADMINS_PATH = '/profile/v1/school-admins';

export const SchoolAdminsSchema = z.object({
  schools: z.array(
    z.object({
      npsn: z.string(),
      name: z.string(),
      /** Whether the signed-in person is this school's principal or operator. */
      isAdmin: z.boolean(),
      /** The principal and operators, by name, for a teacher to know whom to ask. */
      admins: z.array(z.object({ name: z.string(), role: z.enum(['principal', 'operator']) })),
    }),
  ),
});
export type SchoolAdmins = z.infer<typeof SchoolAdminsSchema>;
