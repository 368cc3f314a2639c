import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { PLATFORM_SCOPES } from '@portal/contracts/platforms';
import { STAFF_ROLE_NAMES } from '@portal/contracts/staff';

// Sized for 100 million registry people and 60 million learning accounts (DESIGN.md):
// keys are bigint identities, every lookup of SPEC §3 and §7 is served by one index.

export const regionLevel = pgEnum('region_level', ['province', 'regency']);
export const schoolLevel = pgEnum('school_level', [
  'PAUD',
  'SD',
  'SMP',
  'SMA',
  'SMK',
  'SLB',
  'PKBM',
]);
export const personKind = pgEnum('person_kind', ['ptk', 'pd', 'dinas']);
export const gender = pgEnum('gender', ['L', 'P']);
export const schoolRole = pgEnum('school_role', ['principal', 'operator', 'teacher', 'student']);
/** The languages a message goes out in: the portal's two, Indonesian first (decision 0252). */
export const mailLanguage = pgEnum('mail_language', ['id', 'en']);
export const officeType = pgEnum('office_type', ['provinsi', 'kota_kabupaten']);
export const accountKind = pgEnum('account_kind', ['ptk', 'pd', 'dinas']);
export const accountStatus = pgEnum('account_status', ['active', 'suspended', 'deleted']);

/** Official provinces (`11`) and regencies/cities (`11.01`), loaded from idn-area-data. */
export const regions = pgTable(
  'regions',
  {
    code: varchar('code', { length: 5 }).primaryKey(),
    parentCode: varchar('parent_code', { length: 2 }),
    level: regionLevel('level').notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('regions_parent_idx').on(t.parentCode)],
);

export const schools = pgTable(
  'schools',
  {
    npsn: varchar('npsn', { length: 8 }).primaryKey(),
    name: text('name').notNull(),
    /** Upper-cased, punctuation folded: what the by-name search matches on. */
    nameKey: text('name_key').notNull(),
    level: schoolLevel('level').notNull(),
    regencyCode: varchar('regency_code', { length: 5 })
      .notNull()
      .references(() => regions.code),
    address: text('address'),
  },
  (t) => [
    check('schools_npsn_format', sql`${t.npsn} ~ '^([0-9]{8}|[PK][0-9]{7})$'`),
    index('schools_regency_idx').on(t.regencyCode),
    // Trigram index: a school is found by any part of its name among 440,000.
    index('schools_name_trgm_idx').using('gin', sql`${t.nameKey} gin_trgm_ops`),
  ],
);

/** Education offices (Dinas) of a province or a regency/city. */
export const offices = pgTable(
  'offices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    regionCode: varchar('region_code', { length: 5 })
      .notNull()
      .references(() => regions.code),
    type: officeType('type').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('offices_region_type_key').on(t.regionCode, t.type)],
);

/** People of the national registry (Dapodik): educators and staff, students, office staff. */
export const people = pgTable(
  'people',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: personKind('kind').notNull(),
    nik: char('nik', { length: 16 }).notNull(),
    nisn: char('nisn', { length: 10 }),
    nuptk: char('nuptk', { length: 16 }),
    fullName: text('full_name').notNull(),
    /** The name as lookups compare it (registry/name-normalizer.ts `personNameKey`). */
    nameKey: text('name_key').notNull(),
    gender: gender('gender').notNull(),
    /** Null while the registry has not recorded it (some students): no lookup can find them. */
    birthDate: date('birth_date', { mode: 'string' }),
    motherName: text('mother_name').notNull(),
    motherNameKey: text('mother_name_key').notNull(),
    personalEmail: text('personal_email'),
    phone: varchar('phone', { length: 16 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('people_nik_key').on(t.nik),
    uniqueIndex('people_nisn_key').on(t.nisn),
    uniqueIndex('people_nuptk_key').on(t.nuptk),
    // The lookup of SPEC §3 knows the birth date exactly and the name up to case, spaces and
    // punctuation, which the stored key already leaves out.
    index('people_birth_name_idx').on(t.birthDate, t.nameKey),
    check('people_nik_format', sql`${t.nik} ~ '^[0-9]{16}$'`),
    check('people_nisn_format', sql`${t.nisn} IS NULL OR ${t.nisn} ~ '^[0-9]{10}$'`),
    check('people_nisn_students_only', sql`${t.nisn} IS NULL OR ${t.kind} = 'pd'`),
  ],
);

/** Who belongs to which school, and as what. An educator may teach at several schools. */
export const schoolMemberships = pgTable(
  'school_memberships',
  {
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    npsn: varchar('npsn', { length: 8 })
      .notNull()
      .references(() => schools.npsn),
    role: schoolRole('role').notNull(),
    /** The day the person left the school; the registry keeps the membership for the record. */
    leftOn: date('left_on', { mode: 'string' }),
    /** A student's class (kelas 1-12, 13 for a vocational fourth year); null when not recorded. */
    grade: smallint('grade'),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.npsn, t.role] }),
    index('school_memberships_school_role_idx').on(t.npsn, t.role),
    check('school_memberships_grade_range', sql`${t.grade} IS NULL OR ${t.grade} BETWEEN 1 AND 13`),
  ],
);

/** Office staff and their position, for Dinas accounts. */
export const officeStaff = pgTable(
  'office_staff',
  {
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    officeId: bigint('office_id', { mode: 'number' })
      .notNull()
      .references(() => offices.id),
    position: text('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.officeId] }),
    index('office_staff_office_idx').on(t.officeId),
  ],
);

/**
 * Learning accounts in the product domain: one per student, one per school level for an
 * educator, and office accounts.
 */
export const learningAccounts = pgTable(
  'learning_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-case address `user@<product>.id`. */
    email: text('email').notNull(),
    kind: accountKind('kind').notNull(),
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => people.id),
    /** The school level an educator's account is for; null for students and offices. */
    schoolLevel: schoolLevel('school_level'),
    officeId: bigint('office_id', { mode: 'number' }).references(() => offices.id),
    status: accountStatus('status').notNull().default('active'),
    /** argon2id hash; null until a password is set. */
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** An initial password set by an admin: the first sign-in must choose a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('learning_accounts_email_key').on(t.email),
    index('learning_accounts_person_idx').on(t.personId),
    uniqueIndex('learning_accounts_person_level_key')
      .on(t.personId, t.schoolLevel)
      .where(sql`${t.kind} = 'ptk'`),
    // A student has one account: a request submitted twice, or retried, cannot make a second.
    uniqueIndex('learning_accounts_student_key')
      .on(t.personId)
      .where(sql`${t.kind} = 'pd'`),
    check('learning_accounts_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Toggles and text settings of SPEC §3, served as remote configuration. */
export const featureToggles = pgTable('feature_toggles', {
  key: varchar('key', { length: 64 }).primaryKey(),
  enabled: boolean('enabled'),
  textValue: text('text_value'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change of a toggle or text setting: who, when, the value before and after.
 * Values are `on`/`off` or the setting's text; neither is personal data.
 */
export const featureToggleChanges = pgTable(
  'feature_toggle_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: varchar('key', { length: 64 }).notNull(),
    oldValue: text('old_value').notNull(),
    newValue: text('new_value').notNull(),
    /** `staff:<id>` from the console, `cli:<user>` from the command line. */
    actor: varchar('actor', { length: 48 }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feature_toggle_changes_time_idx').on(t.changedAt)],
);

/** Tracking events (SPEC §7), stored with personal attributes already replaced by an HMAC. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventName: varchar('event_name', { length: 64 }).notNull(),
    deviceId: varchar('device_id', { length: 64 }).notNull(),
    sessionId: varchar('session_id', { length: 64 }).notNull(),
    pageUrl: text('page_url').notNull(),
    referrer: text('referrer'),
    deviceType: varchar('device_type', { length: 16 }).notNull(),
    os: varchar('os', { length: 32 }).notNull(),
    browser: varchar('browser', { length: 32 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    attributes: jsonb('attributes').notNull(),
  },
  (t) => [index('tracking_events_name_time_idx').on(t.eventName, t.occurredAt)],
);

/** Bookkeeping of the seed: which seed and size the demo registry was made from. */
export const registrySeeds = pgTable('registry_seeds', {
  id: smallint('id').primaryKey(),
  seed: text('seed').notNull(),
  people: bigint('people', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** `backchannel`: an OpenID back-channel logout token posted to a platform. */
export const messageChannel = pgEnum('message_channel', ['email', 'sms', 'backchannel']);

/**
 * The transactional outbox: a message is saved in the same transaction as the change that
 * causes it, then delivered by a job, retried until it is delivered, never dropped.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: messageChannel('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    /** Which message this is (`account-details`, `email-change-code`, ...), for counting. */
    template: varchar('template', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A delivery in progress holds the message until then, so two workers never both send. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When the one-time code it carries ends; past it the message is dropped, never sent late. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** `smtp`, `sms-gateway` or `dev-mailbox`. */
    deliveredVia: varchar('delivered_via', { length: 16 }),
    /** The language the text is written in: the person's, Indonesian unless known (0252). */
    language: mailLanguage('language').notNull().default('id'),
  },
  (t) => [
    index('outbox_messages_undelivered_idx')
      .on(t.createdAt)
      .where(sql`${t.deliveredAt} IS NULL`),
    index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt),
  ],
);

/** What happened, to whom (by internal id), from where (by keyed hash); never personal data. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    action: varchar('action', { length: 48 }).notNull(),
    outcome: varchar('outcome', { length: 32 }).notNull(),
    userType: varchar('user_type', { length: 8 }),
    personId: bigint('person_id', { mode: 'number' }),
    /** Who acted when it was not the person: `staff:<id>` for a console action. */
    actor: varchar('actor', { length: 32 }),
    ipHash: varchar('ip_hash', { length: 64 }),
    targetHash: varchar('target_hash', { length: 64 }),
    /**
     * What a console action changed: `{ before, after }`, personal data only as
     * keyed hashes. Null for the public's requests.
     */
    changes: jsonb('changes').$type<{ before: unknown; after: unknown }>(),
    /** The OpenID client a sign-in was for: the portal's own or a platform's. */
    clientId: varchar('client_id', { length: 64 }),
  },
  (t) => [
    index('audit_events_time_idx').on(t.occurredAt),
    index('audit_events_person_idx').on(t.personId, t.occurredAt),
    // The console's audit section reads one member's actions; the public's rows have no actor.
    index('audit_events_actor_idx')
      .on(t.actor, t.occurredAt)
      .where(sql`${t.actor} IS NOT NULL`),
  ],
);

/** A change of personal e-mail waiting for the code sent to the new address. */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when confirmed, superseded by a newer request, or ended by too many wrong codes. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedReason: varchar('closed_reason', { length: 16 }),
  },
  (t) => [
    index('email_change_requests_open_idx')
      .on(t.personId)
      .where(sql`${t.closedAt} IS NULL`),
  ],
);

/**
 * A self-service password reset, from the verify step to the new password. The browser holds
 * two random secrets (the verify token, then the session id); only their hashes are stored.
 * A verify that finds no account still makes a row (account null): the answer is the same.
 */
export const passwordResetSessions = pgTable(
  'password_reset_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    sessionHash: varchar('session_hash', { length: 64 }),
    accountId: bigint('account_id', { mode: 'number' }).references(() => learningAccounts.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    method: varchar('method', { length: 8 }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_sessions_token_key').on(t.tokenHash),
    uniqueIndex('password_reset_sessions_session_key').on(t.sessionHash),
    index('password_reset_sessions_account_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * A one-time code of any flow, bound to what it was issued for (`reset:<session>`,
 * `email-change:<request>`). A resend replaces the code and keeps the wrong entries.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    flow: varchar('flow', { length: 24 }).notNull(),
    binding: varchar('binding', { length: 80 }).notNull(),
    /** HMAC of the binding and the code: a database reader learns nothing. Null once used or ended. */
    codeHash: varchar('code_hash', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_codes_binding_key').on(t.binding),
    index('one_time_codes_person_idx').on(t.personId),
  ],
);

/** Every code or details message sent for a person: the cooldown and the hourly cap count these. */
export const codeSends = pgTable(
  'code_sends',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    flow: varchar('flow', { length: 24 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_sends_person_flow_time_idx').on(t.personId, t.flow, t.sentAt)],
);

/** Wrong codes entered for a person, in any flow, code or session: counted over a window. */
export const codeWrongEntries = pgTable(
  'code_wrong_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    flow: varchar('flow', { length: 24 }).notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_wrong_entries_person_time_idx').on(t.personId, t.enteredAt)],
);

/** A person's code flow (or `*`, every flow) locked until a time: no code goes out or counts. */
export const codeLocks = pgTable(
  'code_locks',
  {
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    flow: varchar('flow', { length: 24 }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.flow] })],
);

/**
 * What the OpenID provider keeps (sessions, interactions, grants, codes, tokens), one JSON
 * document per model and id. The columns beside it are what the provider and the portal look
 * rows up by; an account's rows go together when its password is reset.
 */
export const oidcModels = pgTable(
  'oidc_models',
  {
    model: varchar('model', { length: 40 }).notNull(),
    id: varchar('id', { length: 255 }).notNull(),
    payload: jsonb('payload').notNull(),
    grantId: varchar('grant_id', { length: 255 }),
    uid: varchar('uid', { length: 255 }),
    accountId: varchar('account_id', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /**
     * A session's browser as it last said (its user agent, cut to 512 characters) and when it
     * last used the sign-in: the profile's "where you are signed in" (decision 0268). The
     * provider's own saves leave both as they are; they go with the session's row.
     */
    userAgent: varchar('user_agent', { length: 512 }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_models_grant_idx')
      .on(t.grantId)
      .where(sql`${t.grantId} IS NOT NULL`),
    index('oidc_models_uid_idx')
      .on(t.uid)
      .where(sql`${t.uid} IS NOT NULL`),
    index('oidc_models_account_idx')
      .on(t.accountId)
      .where(sql`${t.accountId} IS NOT NULL`),
    index('oidc_models_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The provider's signing keys, shared by every instance. The private part is sealed with a key
 * derived from TOKEN_SECRET. A key signs from `signs_from` until the next one does, and is
 * published until the tokens it signed have expired (decision 0232).
 */
export const oidcSigningKeys = pgTable(
  'oidc_signing_keys',
  {
    kid: varchar('kid', { length: 64 }).primaryKey(),
    publicJwk: jsonb('public_jwk').notNull(),
    sealedPrivateJwk: text('sealed_private_jwk').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    signsFrom: timestamp('signs_from', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_signing_keys_signs_from_idx').on(t.signsFrom)],
);

/**
 * Ministry staff (DESIGN.md: who may do what): accounts in the staff domain, outside the
 * registry, with a TOTP second factor and their own lockout counters.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-case address in the staff domain. */
    email: text('email').notNull(),
    status: accountStatus('status').notNull().default('active'),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** The TOTP secret, sealed under a key from TOKEN_SECRET; set when enrolment starts. */
    totpSecretSealed: text('totp_secret_sealed'),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    /** The last RFC 6238 time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Wrong passwords and codes since `failuresSince`, and the lock they led to. */
    failures: integer('failures').notNull().default(0),
    failuresSince: timestamp('failures_since', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** An invitation's link: the SHA-256 of its token, until the person uses it. */
    invitationHash: varchar('invitation_hash', { length: 64 }),
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
    /** The end of the member's last sign-in (the second factor accepted). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** What the member may do (`STAFF_ROLES` of the contracts); none until granted. */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_accounts_email_key').on(t.email),
    check('staff_accounts_email_lower', sql`${t.email} = lower(${t.email})`),
    check(
      'staff_accounts_roles_known',
      sql`${t.roles} <@ ARRAY[${sql.raw(STAFF_ROLE_NAMES.map((role) => `'${role}'`).join(', '))}]::text[]`,
    ),
  ],
);

/** One-time recovery codes of a staff account's second factor, hashed. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

/**
 * A learning account's authenticator app, optional second factor for every account
 * holder: the secret sealed like staff's, pending until a first code confirms it.
 */
export const accountTotp = pgTable('account_totp', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => learningAccounts.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  /** Null while the enrolment waits for its first code. */
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
  /** The last RFC 6238 time step accepted: a code is never accepted twice. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes of a learning account's second factor, hashed. */
export const accountRecoveryCodes = pgTable(
  'account_recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => learningAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_recovery_codes_account_idx').on(t.accountId)],
);

// A passkey's owner is one account, staff or learning: exactly one of the two columns is set.
const passkeyOwner = () => ({
  staffId: bigint('staff_id', { mode: 'number' }).references(() => staffAccounts.id, {
    onDelete: 'cascade',
  }),
  learningAccountId: bigint('learning_account_id', { mode: 'number' }).references(
    () => learningAccounts.id,
    { onDelete: 'cascade' },
  ),
});

/** WebAuthn credentials (decision 0262): the public key and what guards its reuse. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ...passkeyOwner(),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: an answer must raise it (0 stays 0: not kept). */
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach it (`internal`, `hybrid`, `usb`...): hints for the next sign-in. */
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The owner's name for it, if they gave one. */
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_key').on(t.credentialId),
    index('passkeys_staff_idx')
      .on(t.staffId)
      .where(sql`${t.staffId} IS NOT NULL`),
    index('passkeys_learning_account_idx')
      .on(t.learningAccountId)
      .where(sql`${t.learningAccountId} IS NOT NULL`),
    check('passkeys_one_owner', sql`num_nonnulls(${t.staffId}, ${t.learningAccountId}) = 1`),
  ],
);

export const passkeyCeremony = pgEnum('passkey_ceremony', ['registration', 'authentication']);

/**
 * Challenges handed to a browser for one passkey ceremony, answered once before `expires_at`
 * (the answer deletes the row). An owner has at most one open challenge per ceremony.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    ceremony: passkeyCeremony('ceremony').notNull(),
    ...passkeyOwner(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('passkey_challenges_staff_idx')
      .on(t.staffId)
      .where(sql`${t.staffId} IS NOT NULL`),
    index('passkey_challenges_learning_account_idx')
      .on(t.learningAccountId)
      .where(sql`${t.learningAccountId} IS NOT NULL`),
    check(
      'passkey_challenges_one_owner',
      sql`num_nonnulls(${t.staffId}, ${t.learningAccountId}) = 1`,
    ),
  ],
);

export const studentRequestStatus = pgEnum('student_request_status', ['processing', 'completed']);
export const studentRequestItemStatus = pgEnum('student_request_item_status', [
  'pending',
  'created',
  'failed',
]);

/**
 * A school admin's bulk request for student accounts (SPEC §3: a list of selected items),
 * processed by a job item by item. The same selection submitted again finds this row by its key.
 */
export const studentAccountRequests = pgTable(
  'student_account_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npsn: varchar('npsn', { length: 8 })
      .notNull()
      .references(() => schools.npsn),
    /** The admin's learning account that submitted it; null once that account was removed. */
    requestedBy: bigint('requested_by', { mode: 'number' }).references(() => learningAccounts.id, {
      onDelete: 'set null',
    }),
    /** SHA-256 of the school and the sorted student ids: a double submission is one request. */
    selectionKey: varchar('selection_key', { length: 64 }).notNull(),
    status: studentRequestStatus('status').notNull().default('processing'),
    total: integer('total').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the CSV with the initial passwords was downloaded; after it, only the list. */
    passwordsDownloadedAt: timestamp('passwords_downloaded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('student_account_requests_selection_key').on(t.npsn, t.selectionKey),
    index('student_account_requests_school_idx').on(t.npsn, t.createdAt),
  ],
);

/** One student of a request: waiting, given an account, or not (with the reason). */
export const studentAccountRequestItems = pgTable(
  'student_account_request_items',
  {
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => studentAccountRequests.id, { onDelete: 'cascade' }),
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    status: studentRequestItemStatus('status').notNull().default('pending'),
    accountId: bigint('account_id', { mode: 'number' }).references(() => learningAccounts.id, {
      onDelete: 'set null',
    }),
    /** Why no account was made (`left_school`, `has_account`, ...). */
    failure: varchar('failure', { length: 32 }),
    /** The initial password, sealed, until the one download that shows it. */
    initialPasswordSealed: text('initial_password_sealed'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.personId] }),
    // A student is in one open or granted request: "already requested" in the listing, nothing
    // made twice. A failed item (the student left meanwhile) may be requested again.
    uniqueIndex('student_account_request_items_person_key')
      .on(t.personId)
      .where(sql`${t.status} <> 'failed'`),
    index('student_account_request_items_pending_idx')
      .on(t.requestId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Referral codes the ministry hands to offices (SPEC §2): a use limit, an expiry, revocable. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Upper-case letters and digits, as typed after trimming. */
    code: varchar('code', { length: 32 }).notNull(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => staffAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_codes_code_key').on(t.code),
    check('referral_codes_uses_within_limit', sql`${t.uses} <= ${t.maxUses}`),
  ],
);

/**
 * An office's letter, uploaded before its request is submitted: stored under a generated key
 * in private storage; the reference the uploader gets is the row's random id. Files of requests
 * never submitted are removed after a day.
 */
export const privateUploads = pgTable(
  'private_uploads',
  {
    /** Random, 128 bits, base64url: the opaque reference answered as `url`. */
    id: varchar('id', { length: 32 }).primaryKey(),
    storageKey: text('storage_key').notNull(),
    bytes: integer('bytes').notNull(),
    pages: integer('pages').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a submitted request takes the file; unclaimed files are removed after a day. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    index('private_uploads_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`${t.claimedAt} IS NULL`),
  ],
);

export const officeRequestStatus = pgEnum('office_request_status', [
  'submitted',
  'approved',
  'rejected',
]);

/**
 * An education office's account request (SPEC §3), waiting for the ministry's review. It holds
 * the applicant's data for that review; the chosen password only as its argon2id hash.
 */
export const officeAccountRequests = pgTable(
  'office_account_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The form's own key: the same submission twice is one request. */
    requestKey: varchar('request_key', { length: 36 }).notNull(),
    fullName: text('full_name').notNull(),
    nik: char('nik', { length: 16 }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    motherName: text('mother_name').notNull(),
    email: text('email').notNull(),
    phone: varchar('phone', { length: 16 }).notNull(),
    /** The province for a provincial office, the regency or city otherwise. */
    regionCode: varchar('region_code', { length: 5 })
      .notNull()
      .references(() => regions.code),
    officeType: officeType('office_type').notNull(),
    position: varchar('position', { length: 32 }).notNull(),
    positionOther: text('position_other'),
    referralCodeId: bigint('referral_code_id', { mode: 'number' })
      .notNull()
      .references(() => referralCodes.id),
    letterSubject: text('letter_subject').notNull(),
    letterNumber: text('letter_number').notNull(),
    platforms: jsonb('platforms').$type<string[]>().notNull(),
    letterUploadId: varchar('letter_upload_id', { length: 32 })
      .notNull()
      .references(() => privateUploads.id),
    reportUploadId: varchar('report_upload_id', { length: 32 }).references(() => privateUploads.id),
    passwordHash: text('password_hash').notNull(),
    status: officeRequestStatus('status').notNull().default('submitted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who approved or rejected it, when, and why not. */
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => staffAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /** The office account an approval created (by its job). */
    accountId: bigint('account_id', { mode: 'number' }).references(() => learningAccounts.id),
    /** The language the form was sent in: the staff's decision reaches the applicant in it. */
    language: mailLanguage('language').notNull().default('id'),
  },
  (t) => [
    uniqueIndex('office_account_requests_key').on(t.requestKey),
    index('office_account_requests_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Counts per Jakarta day and metric, kept by the statistics job from the raw events:
 * `event:<EVENT_NAME>` from tracking_events, `audit:<action>:<outcome>` from audit_events.
 * Counts only, nothing about a person, so they outlive the raw rows' keeping times.
 */
export const dailyMetrics = pgTable(
  'daily_metrics',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: varchar('metric', { length: 96 }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric] })],
);

/** How far the statistics job has counted each source table: the last id it added. */
export const statisticsWatermarks = pgTable('statistics_watermarks', {
  source: varchar('source', { length: 32 }).primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An announcement for the public site's bar (SPEC §3, §4), written by staff in Markdown: shown
 * while active and inside its schedule (either end may be open).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    description: text('description').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id),
    updatedBy: bigint('updated_by', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The public list reads the few active ones, newest first.
    index('announcements_active_idx')
      .on(t.updatedAt)
      .where(sql`${t.isActive}`),
    check('announcements_description_length', sql`char_length(${t.description}) <= 2000`),
    check('announcements_schedule_order', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * One import of a registry snapshot: where it stands, so a crashed import resumes
 * from its last committed batch, and what it changed. A snapshot is imported once.
 */
export const registrySyncs = pgTable(
  'registry_syncs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The snapshot's name (its folder in the inbox). */
    source: text('source').notNull(),
    /** The day of the import: people who left are told their accounts go 30 days later. */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    /** `staging`, then `people` (new and changed), then `left`, then `done`. */
    phase: varchar('phase', { length: 8 }).notNull().default('staging'),
    /** The last staged row (people phase) or stored person id (left phase) already applied. */
    cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
    staged: integer('staged').notNull().default(0),
    added: integer('added').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    departed: integer('departed').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    accountsRequested: integer('accounts_requested').notNull().default(0),
    /**
     * Staged people left as stored because their NISN or NUPTK is also another person's in the
     * snapshot, or held by a person the snapshot does not speak for (an office's staff member).
     */
    conflicts: integer('conflicts').notNull().default(0),
    /** A running import holds it until then; past it, another run may take over and resume. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The holder's random token: a batch commits only while its run still holds the import. */
    claimToken: varchar('claim_token', { length: 32 }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('registry_syncs_source_key').on(t.source),
    // One import at a time: staging tables are shared.
    uniqueIndex('registry_syncs_running_key')
      .on(sql`(true)`)
      .where(sql`${t.finishedAt} IS NULL`),
  ],
);

/** The people of the snapshot being imported, as the generator writes them; emptied per import. */
export const registrySyncPeople = pgTable(
  'registry_sync_people',
  {
    row: bigint('row', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    snapshotId: bigint('snapshot_id', { mode: 'number' }).notNull(),
    kind: personKind('kind').notNull(),
    nik: char('nik', { length: 16 }).notNull(),
    nisn: char('nisn', { length: 10 }),
    nuptk: char('nuptk', { length: 16 }),
    fullName: text('full_name').notNull(),
    nameKey: text('name_key').notNull(),
    gender: gender('gender').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    motherName: text('mother_name').notNull(),
    motherNameKey: text('mother_name_key').notNull(),
    personalEmail: text('personal_email'),
    phone: varchar('phone', { length: 16 }),
  },
  (t) => [
    uniqueIndex('registry_sync_people_nik_key').on(t.nik),
    index('registry_sync_people_snapshot_idx').on(t.snapshotId),
    // Each batch asks whether another staged person claims its student numbers and NUPTKs.
    index('registry_sync_people_nisn_idx').on(t.nisn),
    index('registry_sync_people_nuptk_idx').on(t.nuptk),
  ],
);

/** The snapshot's memberships, by the snapshot's person id. */
export const registrySyncMemberships = pgTable(
  'registry_sync_memberships',
  {
    snapshotPersonId: bigint('snapshot_person_id', { mode: 'number' }).notNull(),
    npsn: varchar('npsn', { length: 8 }).notNull(),
    role: schoolRole('role').notNull(),
    leftOn: date('left_on', { mode: 'string' }),
  },
  (t) => [index('registry_sync_memberships_person_idx').on(t.snapshotPersonId)],
);

/** The snapshot's schools. */
export const registrySyncSchools = pgTable('registry_sync_schools', {
  npsn: varchar('npsn', { length: 8 }).primaryKey(),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull(),
  level: schoolLevel('level').notNull(),
  regencyCode: varchar('regency_code', { length: 5 }).notNull(),
  address: text('address'),
});

export const deletionStatus = pgEnum('deletion_status', [
  /** Notices go out; the owner may report a mistake. */
  'scheduled',
  /** Reported: the clock stops until staff decide. */
  'reported',
  /** Back in the registry, or the report upheld: nothing is deleted. */
  'cancelled',
  /** Accounts disabled; removal follows. */
  'disabled',
  /** Accounts and personal data gone; this row keeps only ids and dates. */
  'removed',
]);

/**
 * The deletion of a person's accounts after they left the registry (SPEC §1): the stated date,
 * the notices sent, a report and its decision. Holds no personal data but the report's reason,
 * which is erased with the accounts.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** No foreign key: the row outlives the person it was about. */
    personId: bigint('person_id', { mode: 'number' }).notNull(),
    kind: personKind('kind').notNull(),
    status: deletionStatus('status').notNull().default('scheduled'),
    /** The date stated in the notices. */
    deletionOn: date('deletion_on', { mode: 'string' }).notNull(),
    /** When the accounts are disabled and removed: 10 days after the stated date, plus any pause. */
    removalOn: date('removal_on', { mode: 'string' }).notNull(),
    /** Days before the stated date of the last notice sent (or passed over in a catch-up). */
    lastNoticeDays: smallint('last_notice_days'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    /** `owner` or `school_admin`. */
    reportedBy: varchar('reported_by', { length: 16 }),
    reportReason: text('report_reason'),
    /** The owner's language when they reported it, so staff's decision reaches them in it. */
    reportLanguage: mailLanguage('report_language').notNull().default('id'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => staffAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** `upheld` (deletion cancelled) or `rejected` (the clock resumes). */
    decision: varchar('decision', { length: 16 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // One deletion in progress per person.
    uniqueIndex('account_deletions_open_key')
      .on(t.personId)
      .where(sql`${t.status} IN ('scheduled', 'reported', 'disabled')`),
    index('account_deletions_status_idx').on(t.status, t.deletionOn),
  ],
);

export const platformAuthMethod = pgEnum('platform_auth_method', [
  'client_secret_basic',
  'private_key_jwt',
  'none',
]);

/**
 * The ministry's platforms that sign people in with a learning account: OpenID
 * clients registered by platform admins and served to the provider from here (the portal's own
 * web client stays in the code). A secret is kept as its SHA-256 only; a rotation keeps the
 * previous hash valid until `previous_secret_valid_until`.
 */
export const platformClients = pgTable(
  'platform_clients',
  {
    clientId: varchar('client_id', { length: 64 }).primaryKey(),
    name: text('name').notNull(),
    logoUri: text('logo_uri'),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    redirectUris: text('redirect_uris').array().notNull(),
    postLogoutRedirectUris: text('post_logout_redirect_uris')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The scopes it may ask for (`PLATFORM_SCOPES` of the contracts). */
    scopes: text('scopes').array().notNull(),
    /** A ministry platform that skips the consent page. */
    firstParty: boolean('first_party').notNull().default(false),
    /** Its students may sign in with a printed badge (off unless the registration allows it). */
    badgeSignIn: boolean('badge_sign_in').notNull().default(false),
    authMethod: platformAuthMethod('auth_method').notNull(),
    /** client_secret_basic: hex SHA-256 of the secret, and of the one before it in its overlap. */
    secretHash: varchar('secret_hash', { length: 64 }),
    secretCreatedAt: timestamp('secret_created_at', { withTimezone: true }),
    previousSecretHash: varchar('previous_secret_hash', { length: 64 }),
    previousSecretValidUntil: timestamp('previous_secret_valid_until', { withTimezone: true }),
    /** private_key_jwt: where the platform publishes its keys, or the keys themselves. */
    jwksUri: text('jwks_uri'),
    jwks: jsonb('jwks'),
    backchannelLogoutUri: text('backchannel_logout_uri'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Staff who made and last changed it; null for the demo seed. */
    createdBy: bigint('created_by', { mode: 'number' }).references(() => staffAccounts.id),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => staffAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'platform_clients_secret_by_method',
      sql`(${t.authMethod} = 'client_secret_basic') = (${t.secretHash} IS NOT NULL)`,
    ),
    check(
      'platform_clients_keys_by_method',
      sql`(${t.authMethod} = 'private_key_jwt') = (num_nonnulls(${t.jwksUri}, ${t.jwks}) = 1)`,
    ),
    check(
      'platform_clients_scopes_known',
      sql`${t.scopes} <@ ARRAY[${sql.raw(PLATFORM_SCOPES.map((scope) => `'${scope}'`).join(', '))}]::text[]`,
    ),
    check('platform_clients_has_redirect', sql`cardinality(${t.redirectUris}) > 0`),
  ],
);

/**
 * What a person agreed a platform may receive, remembered until they withdraw it on
 * `/profile`: the next sign-in to that platform, from any browser, asks no consent for these
 * scopes. First-party platforms get a row at sign-in without the question.
 */
export const platformConnections = pgTable(
  'platform_connections',
  {
    /** The provider's account id (a learning account's number, `staff:<n>` for staff). */
    accountId: varchar('account_id', { length: 64 }).notNull(),
    clientId: varchar('client_id', { length: 64 })
      .notNull()
      .references(() => platformClients.clientId, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.clientId] }),
    index('platform_connections_client_idx').on(t.clientId),
  ],
);

export const badgeBatchStatus = pgEnum('badge_batch_status', ['processing', 'completed']);

/**
 * A school admin's making of badges for selected students, worked by a job student by student.
 * Its cards' secrets wait sealed in `badge_batch_cards` until the PDF is downloaded or expires.
 */
export const badgeBatches = pgTable(
  'badge_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npsn: varchar('npsn', { length: 8 })
      .notNull()
      .references(() => schools.npsn),
    /** The admin's learning account that asked; null once that account was removed. */
    requestedBy: bigint('requested_by', { mode: 'number' }).references(() => learningAccounts.id, {
      onDelete: 'set null',
    }),
    status: badgeBatchStatus('status').notNull().default('processing'),
    total: integer('total').notNull(),
    made: integer('made').notNull().default(0),
    /** Students the job did not make a badge for (left the school, no student account). */
    skipped: integer('skipped').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the cards' secrets were forgotten: downloaded, or expired unread. */
    secretsClearedAt: timestamp('secrets_cleared_at', { withTimezone: true }),
  },
  (t) => [index('badge_batches_school_idx').on(t.npsn, t.createdAt)],
);

/** A printed sign-in badge of one student's account (SPEC: badges for young students). */
export const badges = pgTable(
  'badges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => learningAccounts.id, { onDelete: 'cascade' }),
    /** The school whose admin made it; the badge works while the student is a member there. */
    npsn: varchar('npsn', { length: 8 })
      .notNull()
      .references(() => schools.npsn),
    batchId: bigint('batch_id', { mode: 'number' }).references(() => badgeBatches.id, {
      onDelete: 'set null',
    }),
    /** Keyed SHA-256 (hex) of the QR code's secret: the lookup of a scanned card. */
    qrHash: varchar('qr_hash', { length: 64 }).notNull(),
    /** The short code's first group, which names the badge within its school. */
    codeLocator: varchar('code_locator', { length: 4 }).notNull(),
    /** Keyed SHA-256 (hex) of the short code's secret groups. */
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** `replaced` by a newer badge, `ended` by the admin one by one, `ended-all` together. */
    endedReason: varchar('ended_reason', { length: 16 }),
  },
  (t) => [
    uniqueIndex('badges_qr_hash_key').on(t.qrHash),
    // One live badge per student: making a new one ends the old in the same transaction.
    uniqueIndex('badges_live_account_key')
      .on(t.accountId)
      .where(sql`${t.endedAt} IS NULL`),
    uniqueIndex('badges_live_locator_key')
      .on(t.npsn, t.codeLocator)
      .where(sql`${t.endedAt} IS NULL`),
    index('badges_batch_idx').on(t.batchId),
    check('badges_ended_with_reason', sql`(${t.endedAt} IS NULL) = (${t.endedReason} IS NULL)`),
  ],
);

/** A made badge's two secrets, sealed, until its batch's PDF is downloaded or expires. */
export const badgeBatchCards = pgTable(
  'badge_batch_cards',
  {
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => badgeBatches.id, { onDelete: 'cascade' }),
    badgeId: bigint('badge_id', { mode: 'number' })
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    /** AES-GCM sealed JSON `{ qr, code }`. */
    secretsSealed: text('secrets_sealed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.badgeId] })],
);
