import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningAccounts } from '../db/schema';
import { leaveOut, snapshotOfRegistry } from '../registry-sync/registry-export';
import { createRegistrySyncService } from '../registry-sync/registry-sync-service';
import { snapshot } from '../test-support/registry-snapshot';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { demoIdentities } from './demo-identities';
import { loadRegistry } from './registry-loader';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loadRegistry(t.database, { people: 300, seed: 'demo-current', productName: 'belajar' });
});
afterAll(async () => {
  await t?.close();
});

const personIdsOf = async (emails: string[]) =>
  (
    await t.database.db
      .select({ personId: learningAccounts.personId })
      .from(learningAccounts)
      .where(inArray(learningAccounts.email, emails))
  ).map((row) => row.personId);

describe('the demo identities printed at start', () => {
  it('are people still in the registry, not ones an import found gone', async () => {
    const before = await demoIdentities(t.database.db, 'belajar');
    expect(before.map((identity) => identity.userType)).toEqual(['ptk', 'pd', 'dinas']);
    const leaving = await personIdsOf(
      before.filter((i) => i.userType !== 'dinas').map((i) => i.accountEmail),
    );
    // The snapshot the README makes: the first people by id left out, the demo's two among them.
    const files = await snapshotOfRegistry(t.database);
    const last = Math.max(
      ...leaving.map((id) => files.people.findIndex((line) => line.startsWith(`${id},`))),
    );
    const report = await createRegistrySyncService({
      database: t.database,
      queue: t.app.services.queue,
      now: () => new Date(),
    }).sync(snapshot('2026-12-01', leaveOut(files, last + 1)));
    expect(report.departed).toBeGreaterThanOrEqual(2);

    const after = await demoIdentities(t.database.db, 'belajar');
    expect(after.map((identity) => identity.userType)).toEqual(['ptk', 'pd', 'dinas']);
    const afterIds = await personIdsOf(after.map((identity) => identity.accountEmail));
    for (const id of leaving) expect(afterIds).not.toContain(id);
    // The office's person is not in the school registry's snapshot: still offered.
    expect(after[2]).toEqual(before[2]);
  });
});
