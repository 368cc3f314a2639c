import { verify } from '@node-rs/argon2';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCommonPassword } from '../credentials/common-passwords';
import { createPasswordHasher } from '../credentials/password-hasher';
import type { Database } from '../db/database';
import { learningAccounts, staffAccounts } from '../db/schema';
import { demoIdentities } from './demo-identities';
import { DEMO_PASSWORD, ensureDemoPasswords, ensureDemoSignInAccounts } from './demo-passwords';
import { seedDemoRegistry } from './registry-loader';
import { createTestDatabase } from '../test-support/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoRegistry(database, { people: 600, seed: 'demo', productName: 'belajar' });
});
afterAll(async () => {
  await database?.close();
});

describe('demo identities', () => {
  it('have one identity per user type whose account signs in with the printed password', async () => {
    const identities = await demoIdentities(database.db, 'belajar');
    expect(identities.map((i) => i.userType)).toEqual(['ptk', 'pd', 'dinas']);
    expect(isCommonPassword(DEMO_PASSWORD)).toBe(false);
    await ensureDemoPasswords(database.db, identities, createPasswordHasher());
    const accounts = await database.db
      .select()
      .from(learningAccounts)
      .where(
        inArray(
          learningAccounts.email,
          identities.map((i) => i.accountEmail),
        ),
      );
    expect(accounts).toHaveLength(3);
    for (const account of accounts)
      expect(await verify(account.passwordHash!, DEMO_PASSWORD)).toBe(true);
  });
});

describe('demo staff', () => {
  it('include a platform admin who holds that role alone', async () => {
    const identities = await demoIdentities(database.db, 'belajar');
    const accounts = await ensureDemoSignInAccounts(database.db, {
      identities,
      productName: 'belajar',
      staffDomain: 'kemendikdasmen.go.id',
      hasher: createPasswordHasher(),
    });
    const platformAdmin = accounts.find((account) => account.role === 'platform-admin');
    expect(platformAdmin?.email).toBe('demo.platform@kemendikdasmen.go.id');
    const [row] = await database.db
      .select({ roles: staffAccounts.roles })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, 'demo.platform@kemendikdasmen.go.id'));
    expect(row?.roles).toEqual(['platform-admin']);
  });
});
