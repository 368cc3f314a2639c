import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createRateLimitStore } from '../counters/rate-limit-store';
import { openDatabase, type Database } from '../db/database';
import { rowsOf } from '../db/rows-of';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { setPassword, TEACHER_PASSWORD } from '../test-support/sign-in-test-app';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createBrowser, discoverClient, signIn } from '../test-support/platform-sign-in';
import { backupDatabase, restoreDatabase, RestoreTargetNotEmptyError } from './backup';

// pg_dump and pg_restore work on a PostgreSQL server: this runs where the suite has one
// (CI's PostgreSQL run sets DATABASE_URL); on the embedded PGlite there is nothing to dump.
// eslint-disable-next-line no-restricted-properties -- tests choose their real parts here
const { DATABASE_URL } = process.env;
if (!DATABASE_URL)
  console.log('backup.test.ts skipped: pg_dump needs PostgreSQL (DATABASE_URL is not set).');

const TABLES = ['people', 'learning_accounts', 'schools', 'regions', 'audit_events'];

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const counts = async (database: Database) =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (table) => {
        const [row] = await rowsOf<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
        );
        return [table, row?.n] as const;
      }),
    ),
  );

describe.skipIf(!DATABASE_URL)('backup and restore', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
  const file = path.join(folder, 'portal.dump');
  const restoredName = `portal_restore_${randomBytes(6).toString('hex')}`;
  let source: TestApp;
  let restored: Database | undefined;

  beforeAll(async () => {
    source = await createTestApp({ BOT_CHECK: 'off' });
    await loadRegistryFixture(source.database);
    await setPassword(source, FIXTURE.teacher.accounts, TEACHER_PASSWORD);
    await admin(`CREATE DATABASE "${restoredName}"`);
  }, 120_000);
  afterAll(async () => {
    await restored?.close();
    await source?.close();
    await admin(`DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`);
    rmSync(folder, { recursive: true, force: true });
  });

  it('restores a backup into a new database with the same rows, and people sign in on it', async () => {
    const sourceUrl = await rowsOf<{ db: string }>(
      source.database.db,
      sql`SELECT current_database() AS db`,
    );
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${sourceUrl[0]!.db}`;
    await backupDatabase(url.toString(), file);
    expect(statSync(file).size).toBeGreaterThan(0);

    const target = new URL(DATABASE_URL!);
    target.pathname = `/${restoredName}`;
    await restoreDatabase(target.toString(), file);
    restored = await openDatabase({ url: target.toString(), dataDir: '', poolSize: 3 });
    const expected = await counts(source.database);
    expect(expected['people']).toBeGreaterThan(0);
    expect(await counts(restored)).toEqual(expected);

    // The restored database serves a sign-in: password hashes, signing keys and the sign-in
    // provider's tables came back whole.
    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_BUILD_DIR: '/nonexistent-web-build',
      BOT_CHECK: 'off',
    });
    const rateLimit = await createRateLimitStore(undefined, 'backup-test');
    const app = await buildApp({
      config,
      database: restored,
      rateLimit,
      logStream: new PassThrough(),
    });
    try {
      await app.ready();
      const rp = await discoverClient(app, config);
      const tokens = await signIn(rp, config, createBrowser(app, config.publicUrl), {
        email: FIXTURE.teacher.accounts[0]!,
        password: TEACHER_PASSWORD,
      });
      expect(tokens.access_token).toBeTruthy();
    } finally {
      await app.close();
      await rateLimit.close();
    }

    // A second restore into a database that is no longer empty is refused, not merged.
    await expect(restoreDatabase(target.toString(), file)).rejects.toBeInstanceOf(
      RestoreTargetNotEmptyError,
    );
  });
});
