import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, ERROR_MESSAGES } from '@portal/contracts/api-error';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { rowsOf } from './rows-of';

// eslint-disable-next-line no-restricted-properties -- tests choose their real parts here
const { DATABASE_URL } = process.env;

// A query on every call: a school that does not exist is looked up in the database each time.
const SCHOOL_URL = '/belajar-id/account-lookup/v1/lookup/sekolah?npsn=99999999';

let t: TestApp;
let admin: pg.Client;
let name: string;

async function terminateConnections(): Promise<void> {
  await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [name],
  );
  // The sockets' ends reach the pool a moment later.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

const allowConnections = (allow: boolean) =>
  admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS ${allow}`);

describe.skipIf(!DATABASE_URL)('a dropped database connection (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const [current] = await rowsOf<{ name: string }>(
      t.database.db,
      sql`SELECT current_database() AS name`,
    );
    name = current!.name;
    admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await allowConnections(true).catch(() => undefined);
    await admin?.end();
    await t?.close();
  });

  it('does not end the process; the lost connections are replaced', async () => {
    const warm = await Promise.all(Array.from({ length: 8 }, () => t.app.inject(SCHOOL_URL)));
    expect(warm.map((reply) => reply.statusCode)).toEqual(Array(8).fill(404));
    await terminateConnections();
    const after = await Promise.all(Array.from({ length: 8 }, () => t.app.inject(SCHOOL_URL)));
    expect(after.map((reply) => reply.statusCode)).toEqual(Array(8).fill(404));
  });

  it('answers 503 in the error shape while the database is away, and is not ready', async () => {
    await allowConnections(false);
    await terminateConnections();
    const reply = await t.app.inject(SCHOOL_URL);
    expect(reply.statusCode).toBe(503);
    const body = ApiErrorBodySchema.parse(reply.json());
    expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(body.message).toBe(ERROR_MESSAGES.unavailable);
    expect((await t.app.inject('/readyz')).statusCode).toBe(503);

    await allowConnections(true);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    expect((await t.app.inject(SCHOOL_URL)).statusCode).toBe(404);
  });
});
