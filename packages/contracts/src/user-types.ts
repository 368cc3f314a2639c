import { z } from 'zod';

/** Visitor types of SPEC §6. */
export const UserTypeSchema = z.enum(['ptk', 'pd', 'dinas']);
export type UserType = z.infer<typeof UserTypeSchema>;

export const USER_TYPE_LABELS: Record<UserType, string> = {
  ptk: 'Pendidik dan Tenaga Kependidikan',
  pd: 'Peserta Didik',
  dinas: 'Dinas',
};

export const SchoolLevelSchema = z.enum(['PAUD', 'SD', 'SMP', 'SMA', 'SMK', 'SLB', 'PKBM']);
export type SchoolLevel = z.infer<typeof SchoolLevelSchema>;

/** Validation messages of the shared fields in this file. */
export const USER_TYPE_MESSAGES = {
  npsnInvalid: 'NPSN terdiri dari 8 digit, atau huruf P/K diikuti 7 digit.',
} as const;

/** NPSN: 8 digits, or P/K followed by 7 digits. */
export const NpsnSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(?:\d{8}|[PK]\d{7})$/, USER_TYPE_MESSAGES.npsnInvalid);
