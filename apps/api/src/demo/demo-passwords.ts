import type { StaffRole } from '@portal/contracts/staff';
import type { PasswordHasher } from '../credentials/password-hasher';
import type { Db } from '../db/database';
import type { DemoIdentity } from './demo-identities';
import { createDemoRepository } from './demo-repository';

/** The password of the demo accounts: printed at start, never used outside a demo registry. */
export const DEMO_PASSWORD = 'Coba-Portal-2026';
/**
 * Ministry staff members of the demo, each holding the role of their name: one is
 * new and holds none yet (the sign-in journey enrols it first), one reviews office requests, one
 * runs the toggles, one writes announcements, one reads the statistics, one decides deletion
 * reports, one reads the audit trail, one administers the staff, one registers the
 * platforms that sign people in, and one makes the referral codes offices request with.
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
  'referral-code-manager': { name: 'kode', roles: ['referral-code-manager'] },
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
  db: Db,
  identities: readonly DemoIdentity[],
  hasher: PasswordHasher,
): Promise<void> {
  const emails = identities.map((identity) => identity.accountEmail);
  if (emails.length === 0) return;
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  await createDemoRepository(db).setMissingPasswords(emails, passwordHash);
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
  db: Db,
  options: DemoSignInOptions,
): Promise<(DemoSignInAccount & { accountId?: number })[]> {
  const repository = createDemoRepository(db);
  const taken = options.identities.map((identity) => identity.accountEmail);
  const teacher = await repository.newestTeacher(options.productName, taken);
  const staff = DEMO_STAFF_NAMES.map((role) => ({
    role,
    email: `demo.${DEMO_STAFF[role].name}@${options.staffDomain}`,
  }));
  const studentSchool = options.identities.find((identity) => identity.userType === 'pd')?.npsn;
  // Not a lookup identity (`taken`): the reset journeys change those accounts' passwords.
  const admin = studentSchool
    ? await repository.schoolAdmin(studentSchool, options.productName, taken)
    : undefined;
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
  db: Db,
  options: DemoSignInOptions & { hasher: PasswordHasher },
): Promise<DemoSignInAccount[]> {
  const repository = createDemoRepository(db);
  const accounts = await demoSignInAccounts(db, options);
  const passwordHash = await options.hasher.hash(DEMO_INITIAL_PASSWORD);
  for (const account of accounts) {
    if (account.role === 'school-admin' && account.accountId !== undefined) {
      await repository.setMissingPassword(account.accountId, {
        passwordHash: await options.hasher.hash(DEMO_PASSWORD),
      });
    } else if (isDemoStaff(account.role)) {
      await repository.addStaffAccount({
        email: account.email,
        passwordHash,
        roles: [...DEMO_STAFF[account.role].roles],
      });
    } else if (account.accountId !== undefined) {
      await repository.setMissingPassword(account.accountId, {
        passwordHash,
        mustChangePassword: true,
      });
    }
  }
  return accounts.map(({ role, email, password }) => ({ role, email, password }));
}

/** The sign-in accounts as lines for the console. */
export function formatDemoSignInAccounts(accounts: readonly DemoSignInAccount[]): string {
  const width = Math.max(...accounts.map((account) => account.role.length));
  return [
    'Demo accounts to sign in with (an initial password asks for a new one; staff also enrol an authenticator app):',
    ...accounts.map(
      (account) =>
        `  ${account.role.padEnd(width)} ${account.email} | ${account.role === 'school-admin' ? 'password' : 'initial password'} ${account.password}${account.role === 'school-admin' ? '' : ' (until changed)'}`,
    ),
  ].join('\n');
}

/** A referral code for trying the office request: many uses, a year to live. */
export const DEMO_REFERRAL_CODE = 'DEMODINAS2026';

export async function ensureDemoReferralCode(db: Db): Promise<string> {
  await createDemoRepository(db).addReferralCode({
    code: DEMO_REFERRAL_CODE,
    maxUses: 10_000,
    expiresAt: new Date(Date.now() + 365 * 86_400_000),
  });
  return DEMO_REFERRAL_CODE;
}
