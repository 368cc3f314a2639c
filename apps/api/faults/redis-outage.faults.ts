import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { expect, it } from 'vitest';
import { TEACHER_LOOKUP_FORM } from '../src/test-support/mailed-test-app';
import { loadRegistryFixture } from '../src/test-support/registry-fixture';
import { freePort } from '../src/test-support/smtp-sink';
import { createTestApp } from '../src/test-support/test-app';

// Redis stopped and started under the API (issue 24), a Redis of the test's own on loopback
// (the machine's is shared). While it is away every limit keeps holding, counted in the
// instance's memory (decision 0237), and nothing answers 5xx; once it is back the counts go
// to Redis again. OTP locks live in PostgreSQL and are not touched by this.
const PER_PERSON = 3;

async function startRedis(port: number): Promise<ChildProcess> {
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let tries = 0; tries < 50; tries += 1) {
    const client = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    const up = await client.connect().then(
      () => true,
      () => false,
    );
    client.disconnect();
    if (up) return server;
    await sleep(100);
  }
  throw new Error('redis-server did not start');
}
async function stopRedis(server: ChildProcess) {
  server.kill('SIGKILL');
  await once(server, 'exit');
}

it('keeps the lookup limits through a Redis outage, and goes back to Redis after', async () => {
  const port = await freePort();
  let redis = await startRedis(port);
  const t = await createTestApp({
    BOT_CHECK: 'off',
    LOG_LEVEL: 'error',
    REDIS_URL: `redis://127.0.0.1:${port}`,
    LOOKUP_LIMIT_PER_TARGET_PER_HOUR: String(PER_PERSON),
  });
  const lookup = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/belajar-id/account-lookup/v1/lookup/ptk',
        payload: TEACHER_LOOKUP_FORM,
      })
    ).statusCode;
  const statuses = async (n: number) => {
    const seen: number[] = [];
    for (let i = 0; i < n; i += 1) seen.push(await lookup());
    return seen;
  };
  try {
    await loadRegistryFixture(t.database);
    const before = await statuses(PER_PERSON + 2);
    expect(before).toEqual([200, 200, 200, 429, 429]);

    await stopRedis(redis);
    const during = await statuses(PER_PERSON + 2);
    // The instance counts on its own from the outage on: the limit holds, nothing fails.
    expect(during).toEqual([200, 200, 200, 429, 429]);

    redis = await startRedis(port);
    // The client reconnects in the background; then counts are in Redis again (a Redis
    // without persistence starts them afresh).
    const client = new Redis(port, '127.0.0.1');
    let counted = false;
    for (let tries = 0; tries < 100 && !counted; tries += 1) {
      await lookup();
      counted = (await client.keys('*')).length > 0;
      if (!counted) await sleep(100);
    }
    client.disconnect();
    console.log(
      `faults: Redis away: lookups ${during.join(' ')}; back: counted in Redis again: ${counted}`,
    );
    expect(counted).toBe(true);
    // Counted in Redis, the limit holds there again.
    expect((await statuses(PER_PERSON + 1)).at(-1)).toBe(429);
  } finally {
    await t.close();
    await stopRedis(redis).catch(() => undefined);
  }
});
