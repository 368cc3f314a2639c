import { inArray } from 'drizzle-orm';
import type * as client from 'openid-client';
import { learningAccounts } from '../db/schema';
import { FIXTURE, loadRegistryFixture } from './registry-fixture';
import { createTestApp, type TestApp } from './test-app';
import { discoverClient } from './platform-sign-in';

/** The password of the fixture teacher's accounts in the tests that sign in. */
export const TEACHER_PASSWORD = 'Guru-Bandung-2026';

/** Gives learning accounts a password; `mustChange`: an initial one, to replace at sign-in. */
export async function setPassword(
  t: TestApp,
  emails: readonly string[],
  password: string,
  { mustChange = false }: { mustChange?: boolean } = {},
): Promise<void> {
  await t.database.db
    .update(learningAccounts)
    .set({
      passwordHash: await t.app.services.hasher.hash(password),
      ...(mustChange ? { mustChangePassword: true } : {}),
    })
    .where(inArray(learningAccounts.email, [...emails]));
}

/**
 * The app with the registry fixture, the fixture teacher's accounts holding `TEACHER_PASSWORD`,
 * and the web app's relying party: the setup of the tests that sign in.
 */
export async function createSignInTestApp(env: Record<string, string> = {}): Promise<{
  t: TestApp;
  rp: client.Configuration;
  ids: Record<string, number>;
}> {
  const t = await createTestApp(env);
  const { ids } = await loadRegistryFixture(t.database);
  await setPassword(t, FIXTURE.teacher.accounts, TEACHER_PASSWORD);
  const rp = await discoverClient(t.app, t.config);
  return { t, rp, ids };
}
