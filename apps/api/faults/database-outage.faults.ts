import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { TEACHER_LOOKUP_FORM } from '../src/test-support/mailed-test-app';
import { loadRegistryFixture } from '../src/test-support/registry-fixture';
import { createTestApp } from '../src/test-support/test-app';

// PostgreSQL going away under the API: every connection terminated
// (`pg_terminate_backend`) and new ones refused for FAULT_DOWN_SECONDS (default 20), then back.
// Meanwhile `/readyz` says not ready, requests fail fast with 503, none hangs; afterwards the
// same process serves again, without a restart. Needs the machine's PostgreSQL (DATABASE_URL).
const DOWN_SECONDS = Number(process.env['FAULT_DOWN_SECONDS'] ?? 20);
/** Longer than the pool's connection timeout (5 s) and the readiness probe's (2 s). */
const REQUEST_LIMIT_MS = 6_000;

it(`recovers without a restart after PostgreSQL refused it for ${DOWN_SECONDS} s`, async () => {
  const adminUrl = process.env['DATABASE_URL'];
  expect(adminUrl, 'the fault suite runs on the machine PostgreSQL').toBeTruthy();
  // The same person looked up again and again: the per-person limit is not what this tests.
  const t = await createTestApp({
    BOT_CHECK: 'off',
    LOG_LEVEL: 'error',
    LOOKUP_LIMIT_PER_TARGET_PER_HOUR: '1000',
  });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const probe = async (url: string, payload?: object) => {
    const started = Date.now();
    const reply = await t.app.inject(
      payload ? { method: 'POST', url, payload } : { method: 'GET', url },
    );
    return { status: reply.statusCode, ms: Date.now() - started };
  };
  const lookup = () => probe('/belajar-id/account-lookup/v1/lookup/ptk', TEACHER_LOOKUP_FORM);
  let name = '';
  try {
    await loadRegistryFixture(t.database);
    const answer = (await t.database.db.execute(
      sql`select current_database() as name`,
    )) as unknown as {
      rows: { name: string }[];
    };
    name = String(answer.rows[0]?.name);
    expect((await probe('/readyz')).status).toBe(200);
    expect((await lookup()).status).toBe(200);

    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    const during: { status: number; ms: number }[] = [];
    // The probe four times a second, a lookup once a second (under its per-address limit).
    for (let tick = 0, end = Date.now() + DOWN_SECONDS * 1000; Date.now() < end; tick += 1) {
      during.push(await probe('/readyz'));
      if (tick % 4 === 0) during.push(await lookup());
      await sleep(250);
    }
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    const back = Date.now();
    let ready = false;
    while (!ready && Date.now() - back < 30_000) {
      ready = (await probe('/readyz')).status === 200;
      if (!ready) await sleep(250);
    }
    const slowest = Math.max(...during.map((entry) => entry.ms));
    console.log(
      `faults: ${during.length} requests while PostgreSQL was away: statuses ${[...new Set(during.map((entry) => entry.status))].join(', ')}, slowest ${slowest} ms; ready again ${Date.now() - back} ms after it came back`,
    );
    expect(new Set(during.map((entry) => entry.status))).toEqual(new Set([503]));
    expect(slowest).toBeLessThan(REQUEST_LIMIT_MS);
    expect(ready).toBe(true);
    expect((await lookup()).status).toBe(200);
  } finally {
    // Whatever failed, the database takes connections again, so it can be dropped.
    if (name) await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    await admin.end();
    await t.close();
  }
});
