import { and, desc, eq, inArray, isNull, like, notInArray, sql } from 'drizzle-orm';
import type { PasswordHasher } from '../credentials/password-hasher';
import type { Database } from '../db/database';
import { learningAccounts, schoolMemberships, staffAccounts } from '../db/schema';
import type { DemoIdentity } from './demo-identities';

/** The password of the demo accounts: printed at start, never used outside a demo registry. */
export const DEMO_PASSWORD = 'Coba-Portal-2026';
/** The initial password of the demo teacher and the demo staff account, until they change it. */
export const DEMO_INITIAL_PASSWORD = 'Awal-Portal-2026';

/** Accounts to try the sign-in with: each must choose a new password at its first sign-in. */
export type DemoSignInAccount = { role: 'teacher' | 'staff'; email: string; password: string };

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
  const staff = { role: 'staff' as const, email: `demo.staf@${options.staffDomain}` };
  return [
    ...(teacher ? [{ role: 'teacher' as const, email: teacher.email, accountId: teacher.id }] : []),
    staff,
  ].map((account) => ({ ...account, password: DEMO_INITIAL_PASSWORD }));
}

/** Gives the demo sign-in accounts their initial password, where they have none yet. */
export async function ensureDemoSignInAccounts(
  database: Database,
  options: DemoSignInOptions & { hasher: PasswordHasher },
): Promise<DemoSignInAccount[]> {
  const accounts = await demoSignInAccounts(database, options);
  const passwordHash = await options.hasher.hash(DEMO_INITIAL_PASSWORD);
  for (const account of accounts) {
    if (account.role === 'staff') {
      await database.db
        .insert(staffAccounts)
        .values({ email: account.email, passwordHash })
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
    'Demo accounts for a first sign-in (a new password is asked; staff also enrol an authenticator app):',
    ...accounts.map(
      (account) =>
        `  ${account.role.padEnd(7)} ${account.email} | initial password ${account.password} (until changed)`,
    ),
  ].join('\n');
