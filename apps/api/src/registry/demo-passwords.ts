import { and, inArray, isNull } from 'drizzle-orm';
import type { PasswordHasher } from '../credentials/password-hasher';
import type { Database } from '../db/database';
import { learningAccounts } from '../db/schema';
import type { DemoIdentity } from './demo-identities';

/** The password of the demo accounts: printed at start, never used outside a demo registry. */
export const DEMO_PASSWORD = 'Coba-Portal-2026';

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
