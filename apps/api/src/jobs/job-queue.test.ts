import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { rowsOf } from '../db/rows-of';
import { createJobQueue, type JobQueue } from './job-queue';
import { createTestDatabase } from '../test-support/test-database';

let database: Database;
let queue: JobQueue;
beforeAll(async () => {
  database = await createTestDatabase();
  queue = createJobQueue(database, { pollingIntervalSeconds: 0.5 });
  await queue.start();
  await queue.createQueue('echo', { retryLimit: 3, retryDelay: 1, retryBackoff: false });
});
afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

const waitFor = async (check: () => boolean, ms = 20_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('job queue', () => {
  it('runs a job sent in a committed transaction, retries a failing one, and never runs a rolled-back one', async () => {
    const seen: string[] = [];
    let failures = 0;
    await queue.work<{ value: string }>('echo', async (job) => {
      if (job.data.value === 'flaky' && failures < 2) {
        failures += 1;
        throw new Error('transient');
      }
      seen.push(job.data.value);
    });
    await database.db.transaction(async (tx) => {
      await queue.send('echo', { value: 'committed' }, { tx });
    });
    await database.db
      .transaction(async (tx) => {
        await queue.send('echo', { value: 'rolled-back' }, { tx });
        await tx.execute(sql`SELECT 1/0`);
      })
      .catch(() => undefined);
    await queue.send('echo', { value: 'flaky' });
    await waitFor(() => seen.includes('committed') && seen.includes('flaky'));
    expect(failures).toBe(2);
    // The rolled-back send left no job behind, so no worker can ever run it (no wait proves that).
    const rows = await rowsOf<{ value: string }>(
      database.db,
      sql`SELECT data->>'value' AS value FROM pgboss.job WHERE name = 'echo' ORDER BY value`,
    );
    expect(rows.map((row) => row.value)).toEqual(['committed', 'flaky']);
    expect(seen).not.toContain('rolled-back');
  });
});
