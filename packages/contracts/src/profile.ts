import { z } from 'zod';
import { EmailAddressSchema, LOOKUP_MESSAGES } from './account-lookup';
import { ERROR_MESSAGES } from './api-error';
import { countedMessage } from './counted-message';
import { NewPasswordSchema } from './password-reset';
import { typedText } from './typed-text';
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
  'sessions_ended',
  'data_exported',
  /** The profile's sign-in methods. */
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

/** The account holder's own changes: paths under the API prefix. */
export const PROFILE_PATHS = {
  password: '/profile/v1/password',
  email: '/profile/v1/personal-email',
  emailConfirm: '/profile/v1/personal-email/confirm',
  sessions: '/profile/v1/sessions',
  /** Ends one session, by the id the list gives it. */
  endSession: '/profile/v1/sessions/:id/end',
  /** Ends every session but the caller's. */
  endOtherSessions: '/profile/v1/sessions/end-others',
  dataExport: '/profile/v1/data-export',
} as const;

/** The profile's own words (Indonesian; the web shows its own English by the error id). */
export const PROFILE_MESSAGES = {
  currentPasswordWrong: 'Kata sandi saat ini salah.',
  passwordLocked: countedMessage(
    'Terlalu banyak kata sandi salah. Coba lagi dalam {{count}} menit.',
  ),
  sessionNotFound: 'Sesi ini sudah berakhir atau tidak ditemukan.',
} as const;

/** The rules of an export: how many a person may ask for in how long. */
export const DATA_EXPORT_POLICY = { perWindow: 3, windowMinutes: 60 } as const;

const required = ERROR_MESSAGES.required;

/** A password change while signed in: the current one confirms it (DESIGN.md's rules apply). */
export const ChangePasswordBodySchema = z.object({
  current_password: z.string({ error: required }).min(1, required).max(1024, required),
  new_password: NewPasswordSchema,
  /** Also end every other place the account is signed in. */
  end_other_sessions: z.boolean().default(false),
});
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;
export const ChangePasswordResultSchema = z.object({
  changed: z.literal(true),
  /** How many other sessions ended with the change. */
  sessions_ended: z.number().int().min(0),
});

/** A new personal e-mail: a code goes to it; the person is known by their sign-in. */
export const PersonalEmailBodySchema = z.object({ email: EmailAddressSchema });
export const PersonalEmailStartedSchema = z.object({
  /** The new address, masked: the code went there. */
  email: z.string(),
  expires_in: z.number().int(),
  resend_in: z.number().int(),
});
export type PersonalEmailStarted = z.infer<typeof PersonalEmailStartedSchema>;
export const PersonalEmailConfirmBodySchema = z.object({
  code: typedText({ error: required })
    .trim()
    .regex(/^\d{6}$/, LOOKUP_MESSAGES.codeFormat),
});
export const PersonalEmailConfirmedSchema = z.object({ email: z.string() });

/** A place the account is signed in, from the sign-in provider's session. */
export const SignedInSessionSchema = z.object({
  /** An opaque id of the session for this list (never the session's cookie value). */
  id: z.string(),
  /** Browser and system as the user agent says, e.g. "Chrome 131", "Android 14"; null unknown. */
  browser: z.string().nullable(),
  system: z.string().nullable(),
  /** mobile, tablet or desktop; null when the user agent does not say. */
  device: z.enum(['mobile', 'tablet', 'desktop']).nullable(),
  signed_in_at: z.iso.datetime().nullable(),
  last_used_at: z.iso.datetime().nullable(),
  /** The session this request comes from. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof SignedInSessionSchema>;
export const SignedInSessionsSchema = z.object({ sessions: z.array(SignedInSessionSchema) });
export type SignedInSessions = z.infer<typeof SignedInSessionsSchema>;
export const SessionParamsSchema = z.object({
  id: typedText({ error: required }).min(1, required).max(64, required),
});
export const SessionsEndedSchema = z.object({ ended: z.number().int().min(0) });

/** The right of access (UU 27/2022): what the portal holds about the person, on request. */
export const DataExportQuerySchema = z.object({
  format: z.enum(['json', 'html']).default('json'),
});
export type DataExportFormat = z.infer<typeof DataExportQuerySchema>['format'];

const AtSchema = z.iso.datetime();
export const DataExportSchema = z.object({
  generated_at: AtSchema,
  person: z.object({
    name: z.string(),
    birth_date: z.string().nullable(),
    personal_email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  accounts: z.array(
    z.object({
      email: z.string(),
      user_type: UserTypeSchema,
      school_level: SchoolLevelSchema.nullable(),
      status: z.string(),
      created_at: AtSchema,
      password_changed_at: AtSchema.nullable(),
    }),
  ),
  schools: z.array(
    z.object({
      npsn: z.string(),
      name: z.string(),
      role: z.string(),
      left_on: z.string().nullable(),
    }),
  ),
  office: z.string().nullable(),
  security_history: z.array(z.object({ at: AtSchema, action: z.string(), outcome: z.string() })),
  email_changes: z.array(
    z.object({
      new_email: z.string(),
      requested_at: AtSchema,
      closed_at: AtSchema.nullable(),
      outcome: z.string().nullable(),
    }),
  ),
  password_resets: z.array(z.object({ requested_at: AtSchema, completed_at: AtSchema.nullable() })),
  office_requests: z.array(
    z.object({
      requested_at: AtSchema,
      status: z.string(),
      office_type: z.string(),
      region_code: z.string(),
    }),
  ),
  student_requests: z.array(
    z.object({
      requested_at: AtSchema,
      status: z.string(),
      npsn: z.string(),
      students: z.number(),
    }),
  ),
  notices: z.array(
    z.object({ at: AtSchema, channel: z.string(), to: z.string(), subject: z.string().nullable() }),
  ),
  signed_in_sessions: z.array(SignedInSessionSchema),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** The headings of the readable copy (HTML), in the person's language. */
export const DATA_EXPORT_LABELS = {
  id: {
    title: 'Data Anda di Portal Akun',
    generatedAt: 'Dibuat pada',
    intro:
      'Salinan ini berisi data yang disimpan portal tentang Anda. Simpan di tempat aman: isinya data pribadi.',
    person: 'Data diri',
    name: 'Nama',
    birthDate: 'Tanggal lahir',
    personalEmail: 'Email pribadi',
    phone: 'Nomor telepon',
    accounts: 'Akun',
    schools: 'Sekolah dan peran',
    office: 'Dinas',
    securityHistory: 'Riwayat keamanan',
    emailChanges: 'Permintaan ganti email',
    passwordResets: 'Permintaan atur ulang kata sandi',
    officeRequests: 'Pengajuan akun dinas',
    studentRequests: 'Pengajuan akun peserta didik',
    notices: 'Pemberitahuan yang dikirim',
    codeWithheld: 'Pesan berisi kode sekali pakai (kode tidak ditampilkan)',
    sessions: 'Tempat Anda masuk',
    none: 'Tidak ada',
    at: 'Waktu',
    what: 'Kejadian',
    outcome: 'Hasil',
    status: 'Status',
    email: 'Email',
    type: 'Jenis',
    level: 'Jenjang',
    created: 'Dibuat',
    passwordChanged: 'Kata sandi diganti',
    role: 'Peran',
    left: 'Keluar pada',
    browser: 'Peramban',
    system: 'Sistem',
    lastUsed: 'Terakhir dipakai',
    closed: 'Ditutup',
    completed: 'Selesai',
    channel: 'Saluran',
    to: 'Kepada',
    region: 'Wilayah',
    students: 'Jumlah siswa',
  },
  en: {
    title: 'Your data in the Account Portal',
    generatedAt: 'Made on',
    intro:
      'This copy holds the data the portal keeps about you. Keep it safe: it is personal data.',
    person: 'About you',
    name: 'Name',
    birthDate: 'Birth date',
    personalEmail: 'Personal e-mail',
    phone: 'Phone number',
    accounts: 'Accounts',
    schools: 'Schools and roles',
    office: 'Education office',
    securityHistory: 'Security history',
    emailChanges: 'E-mail change requests',
    passwordResets: 'Password reset requests',
    officeRequests: 'Office account requests',
    studentRequests: 'Student account requests',
    notices: 'Notices sent',
    codeWithheld: 'A message with a one-time code (the code is not shown)',
    sessions: 'Where you are signed in',
    none: 'None',
    at: 'When',
    what: 'What',
    outcome: 'Outcome',
    status: 'Status',
    email: 'E-mail',
    type: 'Type',
    level: 'Level',
    created: 'Created',
    passwordChanged: 'Password changed',
    role: 'Role',
    left: 'Left on',
    browser: 'Browser',
    system: 'System',
    lastUsed: 'Last used',
    closed: 'Closed',
    completed: 'Completed',
    channel: 'Channel',
    to: 'To',
    region: 'Region',
    students: 'Students',
  },
} as const;

/**
 * The values of the readable copy in the person's language: what each recorded event, outcome
 * and status means. A value without a label here is shown as it is stored.
 */
export const DATA_EXPORT_VALUES = {
  id: {
    userTypes: { ptk: 'Pendidik dan tenaga kependidikan', pd: 'Peserta didik', dinas: 'Dinas' },
    accountStatus: { active: 'Aktif', suspended: 'Ditangguhkan', deleted: 'Dihapus' },
    roles: {
      principal: 'Kepala sekolah',
      operator: 'Operator sekolah',
      teacher: 'Guru',
      student: 'Peserta didik',
    },
    actions: {
      'sign-in': 'Masuk',
      'sign-in-lock': 'Penguncian masuk',
      'sign-out': 'Keluar',
      'second-factor': 'Kode aplikasi autentikator',
      'second-factor-passkey': 'Passkey saat masuk',
      'second-factor-enrol': 'Pendaftaran aplikasi autentikator',
      'second-factor-add': 'Faktor kedua ditambahkan',
      'second-factor-remove': 'Faktor kedua dihapus',
      'recovery-codes-renew': 'Kode pemulihan baru',
      'sign-in-method-confirm': 'Konfirmasi perubahan metode masuk',
      'passkey-add': 'Passkey ditambahkan',
      'passkey-remove': 'Passkey dihapus',
      'password-change': 'Ganti kata sandi',
      'password-confirm': 'Konfirmasi kata sandi',
      'reset-password': 'Atur ulang kata sandi',
      'reset-send': 'Kode atur ulang kata sandi',
      'reset-validate': 'Pemeriksaan kode atur ulang',
      'reset-verify': 'Pencarian akun untuk atur ulang',
      'student-password-reset': 'Kata sandi diatur ulang oleh sekolah',
      'change-email': 'Ganti email pribadi',
      'data-export': 'Salinan data',
      lookup: 'Cek akun',
      'request-details': 'Permintaan detail akun',
      consent: 'Izin untuk platform',
      'platform-withdrawn': 'Izin platform dicabut',
      'account-creation': 'Pembuatan akun',
      'student-request': 'Pengajuan akun peserta didik',
      'office-request': 'Pengajuan akun dinas',
    },
    outcomes: {
      'signed-in': 'Berhasil',
      'password-accepted': 'Kata sandi benar, masuk belum selesai',
      'wrong-password': 'Kata sandi salah',
      'wrong-code': 'Kode salah',
      wrong: 'Kode salah',
      locked: 'Dikunci sementara',
      changed: 'Diganti',
      'initial-replaced': 'Kata sandi awal diganti',
      confirmed: 'Dikonfirmasi',
      'confirmed-signed-in': 'Dikonfirmasi dari profil',
      expired: 'Kedaluwarsa',
      superseded: 'Digantikan permintaan baru',
      'session-ended': 'Sesi diakhiri',
      'others-ended': 'Perangkat lain dikeluarkan',
      exported: 'Dibuat',
      'reset-by-school': 'Diatur ulang oleh sekolah',
      totp: 'Aplikasi autentikator',
      passkey: 'Passkey',
      renewed: 'Dibuat baru',
      added: 'Ditambahkan',
      removed: 'Dihapus',
      refused: 'Ditolak',
      granted: 'Diizinkan',
      declined: 'Ditolak',
      withdrawn: 'Dicabut',
      found: 'Ditemukan',
      'no-account': 'Tidak ditemukan',
      'code-sent': 'Kode dikirim',
      'codes-sent': 'Kode dikirim',
      'code-sent-signed-in': 'Kode dikirim',
      done: 'Selesai',
      created: 'Dibuat',
      submitted: 'Diajukan',
      accepted: 'Diterima',
      'account-created': 'Akun dibuat',
    },
    requestStatus: {
      submitted: 'Diajukan',
      approved: 'Disetujui',
      rejected: 'Ditolak',
      processing: 'Diproses',
      completed: 'Selesai',
    },
    officeTypes: { provinsi: 'Dinas provinsi', kota_kabupaten: 'Dinas kabupaten/kota' },
    channels: { email: 'Email', sms: 'SMS', backchannel: 'Platform' },
    open: 'Masih terbuka',
    hashed: 'disamarkan',
    zone: 'WIB',
  },
  en: {
    userTypes: { ptk: 'Educator or education staff', pd: 'Student', dinas: 'Education office' },
    accountStatus: { active: 'Active', suspended: 'Suspended', deleted: 'Deleted' },
    roles: {
      principal: 'Principal',
      operator: 'School operator',
      teacher: 'Teacher',
      student: 'Student',
    },
    actions: {
      'sign-in': 'Sign-in',
      'sign-in-lock': 'Sign-in lock',
      'sign-out': 'Sign-out',
      'second-factor': 'Authenticator app code',
      'second-factor-passkey': 'Passkey at sign-in',
      'second-factor-enrol': 'Authenticator app enrolment',
      'second-factor-add': 'Second factor added',
      'second-factor-remove': 'Second factor removed',
      'recovery-codes-renew': 'New recovery codes',
      'sign-in-method-confirm': 'Sign-in method change confirmed',
      'passkey-add': 'Passkey added',
      'passkey-remove': 'Passkey removed',
      'password-change': 'Password change',
      'password-confirm': 'Password confirmation',
      'reset-password': 'Password reset',
      'reset-send': 'Password reset code',
      'reset-validate': 'Password reset code check',
      'reset-verify': 'Account search for a reset',
      'student-password-reset': 'Password reset by the school',
      'change-email': 'Personal e-mail change',
      'data-export': 'Copy of data',
      lookup: 'Account lookup',
      'request-details': 'Account details request',
      consent: 'Consent to a platform',
      'platform-withdrawn': 'Platform consent withdrawn',
      'account-creation': 'Account creation',
      'student-request': 'Student account request',
      'office-request': 'Office account request',
    },
    outcomes: {
      'signed-in': 'Succeeded',
      'password-accepted': 'Password right, sign-in not finished',
      'wrong-password': 'Wrong password',
      'wrong-code': 'Wrong code',
      wrong: 'Wrong code',
      locked: 'Locked for a while',
      changed: 'Changed',
      'initial-replaced': 'Initial password replaced',
      confirmed: 'Confirmed',
      'confirmed-signed-in': 'Confirmed from the profile',
      expired: 'Expired',
      superseded: 'Replaced by a newer request',
      'session-ended': 'Session ended',
      'others-ended': 'Other devices signed out',
      exported: 'Made',
      'reset-by-school': 'Reset by the school',
      totp: 'Authenticator app',
      passkey: 'Passkey',
      renewed: 'Made anew',
      added: 'Added',
      removed: 'Removed',
      refused: 'Refused',
      granted: 'Granted',
      declined: 'Declined',
      withdrawn: 'Withdrawn',
      found: 'Found',
      'no-account': 'Not found',
      'code-sent': 'Code sent',
      'codes-sent': 'Code sent',
      'code-sent-signed-in': 'Code sent',
      done: 'Done',
      created: 'Created',
      submitted: 'Submitted',
      accepted: 'Accepted',
      'account-created': 'Account created',
    },
    requestStatus: {
      submitted: 'Submitted',
      approved: 'Approved',
      rejected: 'Rejected',
      processing: 'Processing',
      completed: 'Completed',
    },
    officeTypes: { provinsi: 'Provincial office', kota_kabupaten: 'Regency or city office' },
    channels: { email: 'E-mail', sms: 'SMS', backchannel: 'Platform' },
    open: 'Still open',
    hashed: 'masked',
    zone: 'WIB',
  },
} as const;
