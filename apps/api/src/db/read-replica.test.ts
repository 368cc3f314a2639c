import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { STATISTICS_PATHS } from '@portal/contracts/statistics';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test-support/test-database';
import { createTestApp, type TestApp } from '../test-support/test-app';
import type { Database } from './database';
import { createReadReplica, openReplica, type ReadReplica } from './read-replica';
import { dailyMetrics } from './schema';

// The replica here is a second database of its own (PGlite, or a database on the same
// PostgreSQL in CI) holding different figures, so an answer says which one served it; the
// seam on a real streaming standby is db/streaming-replica.test.ts (decision 0281).
const url = `/belajar-id${STATISTICS_PATHS.public}?from=2026-03-01&to=2026-03-01`;
const PRIMARY_COUNT = 3;
const REPLICA_COUNT = 7;

/** A port nothing listens on: connecting to it is refused at once, as to a stopped server. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const seed = (database: Database, count: number) =>
  database.db
    .insert(dailyMetrics)
    .values({ day: '2026-03-01', metric: 'audit:lookup:found', count });

const initiated = async (t: TestApp) => {
  const reply = await t.app.inject({ url });
  expect(reply.statusCode).toBe(200);
  return reply.json().data.lookupFunnel.series[0].counts[0] as number;
};

const scrape = async (t: TestApp) => (await fetch(`${t.app.metricsUrl!}/metrics`)).text();

let standIn: Database;
const apps: TestApp[] = [];
let lag = 0;
let clock = 1_000_000;

/** An app whose statistics read through `replica`, made from its own database. */
async function appWith(replicaOf: (primary: Database) => ReadReplica): Promise<TestApp> {
  const t = await createTestApp({ METRICS_PORT: '0' }, undefined, {
    adjustDatabase: (primary) => {
      const replica = replicaOf(primary);
      return {
        ...primary,
        replica,
        async close() {
          await replica.close();
          await primary.close();
        },
      };
    },
  });
  apps.push(t);
  await seed(t.database, PRIMARY_COUNT);
  return t;
}

beforeAll(async () => {
  standIn = await createTestDatabase();
  await seed(standIn, REPLICA_COUNT);
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  for (const t of apps) await t.close();
  await standIn?.close();
});

describe('read replica', () => {
  it('answers the public statistics from the replica when it is fit', async () => {
    const t = await appWith((primary) =>
      createReadReplica({
        primary: primary.db,
        replica: standIn.db,
        readLag: async () => 0,
        maxLagSeconds: 10,
      }),
    );
    expect(await initiated(t)).toBe(REPLICA_COUNT);
    expect(await scrape(t)).toContain('portal_db_replica_in_use 1');
  });

  it('falls back to the primary, with no error, when the replica is down, and says so', async () => {
    const warnings = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const down = openReplica(`postgres://postgres@127.0.0.1:${await closedPort()}/portal`, 2);
    const t = await appWith((primary) =>
      createReadReplica({
        primary: primary.db,
        replica: down.db,
        readLag: down.readLag,
        maxLagSeconds: 10,
        close: down.close,
      }),
    );
    for (let i = 0; i < 3; i += 1) expect(await initiated(t)).toBe(PRIMARY_COUNT);
    const metrics = await scrape(t);
    expect(metrics).toContain('portal_db_replica_in_use 0');
    expect(metrics).toMatch(/portal_db_replica_fallback_reads\{reason="unreachable"\} [1-9]/);
    const lines = warnings.mock.calls.map((call) => String(call[0]));
    expect(
      lines.filter((line) => line.includes('replica reads moved to the primary')),
    ).toHaveLength(1);
    expect(lines.find((line) => line.includes('moved'))).toContain('"reason":"unreachable"');
  });

  it('reads on the primary while the replica lags past the bound, and back once it catches up', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let replica!: ReadReplica;
    const t = await appWith((primary) => {
      replica = createReadReplica({
        primary: primary.db,
        replica: standIn.db,
        readLag: async () => lag,
        maxLagSeconds: 10,
        now: () => clock,
      });
      return replica;
    });
    lag = 60;
    // The first read asks for the lag in the background; the next ones know it.
    await initiated(t);
    await vi.waitFor(() => expect(replica.state().lagSeconds).toBe(60));
    expect(await initiated(t)).toBe(PRIMARY_COUNT);
    expect(replica.state().fallbacks.lagging).toBeGreaterThan(0);
    expect(await scrape(t)).toMatch(/portal_db_replica_fallback_reads\{reason="lagging"\} [1-9]/);

    lag = 0;
    clock += 60_000;
    await initiated(t);
    await vi.waitFor(() => expect(replica.state().lagSeconds).toBe(0));
    expect(await initiated(t)).toBe(REPLICA_COUNT);
  });

  it('does not hide an error of the query itself behind the primary', async () => {
    const replica = createReadReplica({
      primary: standIn.db,
      replica: standIn.db,
      readLag: async () => 0,
      maxLagSeconds: 10,
    });
    const run = vi.fn(async () => {
      throw Object.assign(new Error('syntax error'), { code: '42601', severity: 'ERROR' });
    });
    await expect(replica.read(run)).rejects.toThrow('syntax error');
    expect(run).toHaveBeenCalledTimes(1);
  });
});
