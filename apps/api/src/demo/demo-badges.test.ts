import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningAccounts, schoolMemberships } from '../db/schema';
import { createPasswordHasher } from '../credentials/password-hasher';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { ensureDemoClasses } from './demo-badges';
import { demoIdentities } from './demo-identities';
import { ensureDemoSignInAccounts } from './demo-passwords';
import { seedDemoRegistry } from './registry-loader';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoRegistry(t.database, { people: 600, seed: 'demo', productName: 'belajar' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('demo badges', () => {
  it("let the demo school admin make badges for a class of the demo student's school", async () => {
    const identities = await demoIdentities(t.database.db, 'belajar');
    const npsn = await ensureDemoClasses(t.database.db, identities);
    expect(npsn).toBe(identities.find((identity) => identity.userType === 'pd')?.npsn);
    const graded = await t.database.db
      .select({ grade: schoolMemberships.grade })
      .from(schoolMemberships)
      .where(
        and(
          eq(schoolMemberships.npsn, npsn!),
          eq(schoolMemberships.role, 'student'),
          isNull(schoolMemberships.leftOn),
          isNotNull(schoolMemberships.grade),
        ),
      );
    expect(graded.length).toBeGreaterThan(0);

    const accounts = await ensureDemoSignInAccounts(t.database.db, {
      identities,
      productName: 'belajar',
      staffDomain: 'kemendikdasmen.go.id',
      hasher: createPasswordHasher(),
    });
    const adminEmail = accounts.find((account) => account.role === 'school-admin')!.email;
    const [admin] = await t.database.db
      .select({ accountId: learningAccounts.id, personId: learningAccounts.personId })
      .from(learningAccounts)
      .where(eq(learningAccounts.email, adminEmail));
    const badges = t.app.services.badges;
    const listed = await badges.searchBadgeStudents(
      { ...admin!, npsn: npsn! },
      { query: '', badge: 'any', page: 1 },
    );
    const grade = listed.grades.find((g) => g.grade !== null)!;
    const batch = await badges.submitBadgeBatch(
      { ...admin!, npsn: npsn! },
      { grade: grade.grade! },
      '127.0.0.1',
    );
    expect(batch.total).toBe(grade.students);
    // The batch's job makes them, as for any school admin.
    let done = batch;
    for (let tries = 0; tries < 300 && done.status !== 'completed'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      done = await badges.badgeBatchOf({ ...admin!, npsn: npsn! }, Number(batch.id));
    }
    expect(done).toMatchObject({ status: 'completed', made: grade.students, pdfAvailable: true });
  });
});
