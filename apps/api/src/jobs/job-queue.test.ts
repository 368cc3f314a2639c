import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database';
import { rowsOf } from '../db/rows-of';
import { logBackgroundWarning } from '../logging/logger-options';
import { currentRequestId, runForRequest } from '../logging/request-id';
import { JOB_ORIGIN_KEY, createJobQueue, type JobQueue } from './job-queue';
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

  it('runs a job as the request that queued it: its id in the log lines, none of it in the data', async () => {
    await queue.createQueue('origin', { retryLimit: 0, retryDelay: 1, retryBackoff: false });
    const runs: { value: string; data: object; requestId: string | undefined }[] = [];
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => {
      lines.push(line);
    });
    try {
      await queue.work<{ value: string }>('origin', async (job) => {
        runs.push({ value: job.data.value, data: job.data, requestId: currentRequestId() });
        logBackgroundWarning('origin job ran', { value: job.data.value });
      });
      await runForRequest('9f1c2d3e-request', () =>
        database.db.transaction((tx) => queue.send('origin', { value: 'from-request' }, { tx })),
      );
      await runForRequest('9f1c2d3e-batch', () =>
        database.db.transaction((tx) =>
          queue.sendMany('origin', [{ value: 'batch-1' }, { value: 'batch-2' }], { tx }),
        ),
      );
      await queue.send('origin', { value: 'no-request' });
      // Jobs queued before jobs carried anything, and one whose carried id is not a plain id.
      await queue.boss.send('origin', { value: 'old' });
      await queue.boss.send('origin', {
        value: 'forged',
        [JOB_ORIGIN_KEY]: { requestId: 'x\n{"level":60}', traceparent: 'not-a-traceparent' },
      });
      await waitFor(() => runs.length === 6);
    } finally {
      spy.mockRestore();
    }

    const byValue = Object.fromEntries(runs.map((run) => [run.value, run]));
    expect(byValue['from-request']?.requestId).toBe('9f1c2d3e-request');
    expect(byValue['batch-1']?.requestId).toBe('9f1c2d3e-batch');
    expect(byValue['batch-2']?.requestId).toBe('9f1c2d3e-batch');
    for (const value of ['no-request', 'old', 'forged'])
      expect(byValue[value]?.requestId).toBeUndefined();
    // The handler gets the data it was sent, without what the queue carried beside it.
    for (const run of runs) expect(run.data).toEqual({ value: run.value });

    const logged = lines
      .filter((line) => line.includes('"origin job ran"'))
      .map((line) => JSON.parse(line) as { value: string; reqId?: string });
    expect(logged).toHaveLength(6);
    for (const line of logged) expect(line.reqId).toBe(byValue[line.value]?.requestId);

    // What is stored: the request's id only (tracing is off here), under the queue's own key.
    const stored = await rowsOf<{ value: string; origin: unknown }>(
      database.db,
      sql`SELECT data->>'value' AS value, data->${JOB_ORIGIN_KEY} AS origin
            FROM pgboss.job WHERE name = 'origin' ORDER BY value`,
    );
    expect(Object.fromEntries(stored.map((row) => [row.value, row.origin]))).toMatchObject({
      'from-request': { requestId: '9f1c2d3e-request' },
      'batch-1': { requestId: '9f1c2d3e-batch' },
      'no-request': null,
      old: null,
    });
  });
});
