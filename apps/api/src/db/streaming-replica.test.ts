import { STATISTICS_PATHS } from '@portal/contracts/statistics';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  postgresBinaries,
  startReplicaPair,
  type ReplicaPair,
} from '../../../../scripts/replica-pair';
import { skipsWithout } from '../test-support/missing-dependency';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { openDatabase } from './database';
import { dailyMetrics } from './schema';

// The server's own database layer on a real streaming pair (decision 0281), the
// primary as DATABASE_URL and its hot standby as DATABASE_REPLICA_URL (scripts/replica-pair.ts,
// private servers on free ports: the machine's PostgreSQL allows no replication). Which server
// ran a read is told by each server's statement log, and, while replay is paused, by the answer.

const binaries = postgresBinaries();
const skipped = skipsWithout(
  binaries !== undefined,
  'PostgreSQL server binaries (initdb, pg_basebackup) are not installed under /usr/lib/postgresql',
);

const DAY = '2026-03-01';
const METRIC = 'audit:lookup:found';
const url = `/belajar-id${STATISTICS_PATHS.public}?from=${DAY}&to=${DAY}`;
// The statistics' read (statistics-repository.ts) as the servers' logs show it.
const STATISTICS_QUERY = 'AS day, metric, count FROM daily_metrics';
// The replica's lag is read at most every 2 s (read-replica.ts) and connects within 2 s.
const WAIT = { timeout: 20_000, interval: 200 };

type Server = 'primary' | 'standby';

let pair: ReplicaPair;
let t: TestApp;
let reads = 0;

const ranOn = (server: Server) => pair.log(server).split(STATISTICS_QUERY).length - 1;

/** The public statistics through HTTP: its answer, and the one server whose log shows its query. */
async function read(): Promise<{ count: number; on: Server }> {
  const before = { primary: ranOn('primary'), standby: ranOn('standby') };
  // Each read from an address of its own: the public figures allow 30 a minute to one.
  reads += 1;
  const reply = await t.app.inject({ url, remoteAddress: `192.0.2.${reads % 250}` });
  expect(reply.statusCode).toBe(200);
  const ran = (['primary', 'standby'] as const).filter((server) => ranOn(server) > before[server]);
  expect(ran).toHaveLength(1);
  return { count: reply.json().data.lookupFunnel.series[0].counts[0] as number, on: ran[0]! };
}

async function onStandby<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: pair.standbyUrl });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const countOnStandby = async () =>
  Number(
    (
      await onStandby<{ count: string }>(
        `SELECT count FROM daily_metrics WHERE day = '${DAY}' AND metric = '${METRIC}'`,
      )
    )[0]?.count,
  );

const setCount = (count: number) =>
  t.database.db
    .update(dailyMetrics)
    .set({ count })
    .where(and(eq(dailyMetrics.day, DAY), eq(dailyMetrics.metric, METRIC)));

const scrape = async () => (await fetch(`${t.app.metricsUrl!}/metrics`)).text();

beforeAll(async () => {
  if (skipped) return;
  pair = await startReplicaPair({ logStatements: true });
  t = await createTestApp(
    {
      DATABASE_URL: pair.primaryUrl,
      DATABASE_REPLICA_URL: pair.standbyUrl,
      DATABASE_REPLICA_MAX_LAG_SECONDS: '1',
      METRICS_PORT: '0',
    },
    undefined,
    // What server.ts does with the same settings.
    { openDatabase: (config) => openDatabase(config.database) },
  );
});

afterAll(async () => {
  await t?.close();
  await pair?.stop();
});

describe.skipIf(skipped)('a streaming replica behind the read seam', () => {
  it('serves the statistics from the standby, with what was written on the primary', async () => {
    // Moves between the primary and the replica are told on the console, once per change.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await t.database.db.insert(dailyMetrics).values({ day: DAY, metric: METRIC, count: 3 });
    await vi.waitFor(async () => expect(await countOnStandby()).toBe(3), WAIT);

    await vi.waitFor(async () => expect(await read()).toEqual({ count: 3, on: 'standby' }), WAIT);
    const metrics = await scrape();
    expect(metrics).toContain('portal_db_replica_in_use 1');
    // The primary's own view of its standby (pg_stat_replication), decision 0265.
    expect(metrics).toMatch(/portal_db_replica_lag_seconds\{replica="[^"]+"\} \d/);
  });

  it('reads on the primary while replay is paused past the bound, and on the standby once it resumes', async () => {
    await onStandby('SELECT pg_wal_replay_pause()');
    try {
      await setCount(4);
      await vi.waitFor(async () => expect(await read()).toEqual({ count: 4, on: 'primary' }), WAIT);
      // The standby still holds the older figure: the answer came from the primary.
      expect(await countOnStandby()).toBe(3);
      expect(await scrape()).toMatch(/portal_db_replica_fallback_reads\{reason="lagging"\} [1-9]/);
    } finally {
      await onStandby('SELECT pg_wal_replay_resume()');
    }
    await vi.waitFor(async () => expect(await read()).toEqual({ count: 4, on: 'standby' }), WAIT);
  });

  it('falls back to the primary with no error while the standby is stopped, and returns after', async () => {
    await pair.stopStandby();
    for (let i = 0; i < 5; i += 1) expect(await read()).toEqual({ count: 4, on: 'primary' });
    const metrics = await scrape();
    expect(metrics).toContain('portal_db_replica_in_use 0');
    expect(metrics).toMatch(/portal_db_replica_fallback_reads\{reason="unreachable"\} [1-9]/);

    // Written while the standby was away: it catches up from the primary's WAL once back.
    await setCount(5);
    await pair.startStandby();
    await vi.waitFor(async () => expect(await read()).toEqual({ count: 5, on: 'standby' }), WAIT);
  });
});
