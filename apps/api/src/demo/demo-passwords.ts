import { and, desc, eq, inArray, isNull, like, notInArray, sql } from 'drizzle-orm';
import type { StaffRole } from '@portal/contracts/staff';
import type { PasswordHasher } from '../credentials/password-hasher';
import type { Database } from '../db/database';
import { learningAccounts, referralCodes, schoolMemberships, staffAccounts } from '../db/schema';
import type { DemoIdentity } from './demo-identities';

/** The password of the demo accounts: printed at start, never used outside a demo registry. */
export const DEMO_PASSWORD = 'Coba-Portal-2026';
/**
 * Ministry staff members of the demo, each holding the role of their name: one is
 * new and holds none yet (the sign-in journey enrols it first), one reviews office requests, one
 * runs the toggles, one writes announcements, one reads the statistics, one decides deletion
 * reports, one reads the audit trail, one administers the staff, and one registers the
 * platforms that sign people in.
 */
const DEMO_STAFF = {
  staff: { name: 'staf', roles: [] },
  reviewer: { name: 'peninjau', roles: ['reviewer'] },
  operator: { name: 'operator', roles: ['operator'] },
  announcer: { name: 'pengumuman', roles: ['announcer'] },
  analyst: { name: 'analis', roles: ['analyst'] },
  registrar: { name: 'registri', roles: ['registrar'] },
  auditor: { name: 'auditor', roles: ['auditor'] },
  'staff-admin': { name: 'admin', roles: ['staff-admin'] },
  'platform-admin': { name: 'platform', roles: ['platform-admin'] },
} as const satisfies Record<string, { name: string; roles: readonly StaffRole[] }>;
type DemoStaff = keyof typeof DEMO_STAFF;
const DEMO_STAFF_NAMES = Object.keys(DEMO_STAFF) as DemoStaff[];
const isDemoStaff = (role: string): role is DemoStaff => role in DEMO_STAFF;

/** The initial password of the demo teacher and the demo staff account, until they change it. */
export const DEMO_INITIAL_PASSWORD = 'Awal-Portal-2026';

/**
 * Accounts to try the sign-in with. The teacher and the staff account must choose a new password
 * at their first sign-in; the school admin (the principal of the demo student's school, who
 * requests student accounts) signs in with the demo password.
 */
export type DemoSignInAccount = {
  role: 'teacher' | DemoStaff | 'school-admin';
  email: string;
  password: string;
};

/** Gives the demo identities' accounts the demo password, where they have none yet. */
export async function ensureDemoPasswords(
  database: Database,
  identities: readonly DemoIdentity[],
  hasher: PasswordHasher,
): Promise<void> {
  const emails = identities.map((identity) => identity.accountEmail);
  if (emails.length === 0) return;
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  await database.db
    .update(learningAccounts)
    .set({ passwordHash })
    .where(and(inArray(learningAccounts.email, emails), isNull(learningAccounts.passwordHash)));
}

type DemoSignInOptions = {
  identities: readonly DemoIdentity[];
  productName: string;
  staffDomain: string;
};

/**
 * A teacher (not one of the lookup's identities) and a ministry staff account, handed out with
 * the demo initial password as an admin would: the first sign-in chooses a new password, the
 * staff's also enrols the authenticator app.
 */
export async function demoSignInAccounts(
  database: Database,
  options: DemoSignInOptions,
): Promise<(DemoSignInAccount & { accountId?: number })[]> {
  const taken = options.identities.map((identity) => identity.accountEmail);
  const [teacher] = await database.db
    .select({ id: learningAccounts.id, email: learningAccounts.email })
    .from(learningAccounts)
    .where(
      and(
        eq(learningAccounts.kind, 'ptk'),
        like(learningAccounts.email, `%@${options.productName}.id`),
        ...(taken.length > 0 ? [notInArray(learningAccounts.email, taken)] : []),
        // A teacher who does not run the school: the auth modal names who does.
        sql`NOT EXISTS (SELECT 1 FROM ${schoolMemberships} m WHERE m.person_id = ${learningAccounts.personId} AND m.role IN ('principal', 'operator'))`,
      ),
    )
    .orderBy(desc(learningAccounts.id))
    .limit(1);
  const staff = DEMO_STAFF_NAMES.map((role) => ({
    role,
    email: `demo.${DEMO_STAFF[role].name}@${options.staffDomain}`,
  }));
  const studentSchool = options.identities.find((identity) => identity.userType === 'pd')?.npsn;
  const [admin] = studentSchool
    ? await database.db
        .select({ id: learningAccounts.id, email: learningAccounts.email })
        .from(learningAccounts)
        .innerJoin(schoolMemberships, eq(schoolMemberships.personId, learningAccounts.personId))
        .where(
          and(
            eq(schoolMemberships.npsn, studentSchool),
            inArray(schoolMemberships.role, ['principal', 'operator']),
            isNull(schoolMemberships.leftOn),
            like(learningAccounts.email, `%@${options.productName}.id`),
            // Not a lookup identity: the reset journeys change those accounts' passwords.
            ...(taken.length > 0 ? [notInArray(learningAccounts.email, taken)] : []),
          ),
        )
        .orderBy(schoolMemberships.role, learningAccounts.id)
        .limit(1)
    : [];
  return [
    ...[
      ...(teacher
        ? [{ role: 'teacher' as const, email: teacher.email, accountId: teacher.id }]
        : []),
      ...staff,
    ].map((account) => ({ ...account, password: DEMO_INITIAL_PASSWORD })),
    ...(admin
      ? [
          {
            role: 'school-admin' as const,
            email: admin.email,
            accountId: admin.id,
            password: DEMO_PASSWORD,
          },
        ]
      : []),
  ];
}

/** Gives the demo sign-in accounts their initial password, where they have none yet. */
export async function ensureDemoSignInAccounts(
  database: Database,
  options: DemoSignInOptions & { hasher: PasswordHasher },
): Promise<DemoSignInAccount[]> {
  const accounts = await demoSignInAccounts(database, options);
  const passwordHash = await options.hasher.hash(DEMO_INITIAL_PASSWORD);
  for (const account of accounts) {
    if (account.role === 'school-admin' && account.accountId !== undefined) {
      await database.db
        .update(learningAccounts)
        .set({ passwordHash: await options.hasher.hash(DEMO_PASSWORD) })
        .where(
          and(eq(learningAccounts.id, account.accountId), isNull(learningAccounts.passwordHash)),
        );
    } else if (isDemoStaff(account.role)) {
      await database.db
        .insert(staffAccounts)
        .values({ email: account.email, passwordHash, roles: [...DEMO_STAFF[account.role].roles] })
        .onConflictDoNothing();
    } else if (account.accountId !== undefined) {
      await database.db
        .update(learningAccounts)
        .set({ passwordHash, mustChangePassword: true })
        .where(
          and(eq(learningAccounts.id, account.accountId), isNull(learningAccounts.passwordHash)),
        );
    }
  }
  return accounts.map(({ role, email, password }) => ({ role, email, password }));
}

/** The sign-in accounts as lines for the console. */
export const formatDemoSignInAccounts = (accounts: readonly DemoSignInAccount[]): string =>
  [
    'Demo accounts to sign in with (an initial password asks for a new one; staff also enrol an authenticator app):',
    ...accounts.map(
      (account) =>
        `  ${account.role.padEnd(14)} ${account.email} | ${account.role === 'school-admin' ? 'password' : 'initial password'} ${account.password}${account.role === 'school-admin' ? '' : ' (until changed)'}`,
    ),
  ].join('\n');

/** A referral code for trying the office request: many uses, a year to live. */
export const DEMO_REFERRAL_CODE = 'DEMODINAS2026';

export async function ensureDemoReferralCode(database: Database): Promise<string> {
  await database.db
    .insert(referralCodes)
    .values({
      code: DEMO_REFERRAL_CODE,
      maxUses: 10_000,
      expiresAt: new Date(Date.now() + 365 * 86_400_000),
    })
    .onConflictDoNothing();
  return DEMO_REFERRAL_CODE;
}
