import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/database';
import { createTestDatabase } from './test-database';
import type { Clock } from '../jobs/clock';
import type { Tracing } from '../tracing/tracing';
import { createRateLimitStore, type RateLimitStore } from '../counters/rate-limit-store';
import { createShortLivedStore } from '../sign-in/oidc-adapter-short-lived';

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** Every JSON log line the app wrote so far. */
  logs(): string;
  close(): Promise<void>;
};

// The machine's Redis when CI sets its URL; counters in memory otherwise.
// eslint-disable-next-line no-restricted-properties -- tests choose their real parts here
const { REDIS_URL } = process.env;

/** The Redis of the machine when CI sets `REDIS_URL`, for tests of Redis-backed parts. */
export const testRedisUrl = REDIS_URL;

/** The configuration of a test app: the machine's Redis when set, no web build, no waits. */
function testConfig(overrides: Record<string, string>): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      WEB_BUILD_DIR: '/nonexistent-web-build',
      UPLOAD_DIR: path.join(tmpdir(), `portal-test-uploads-${randomBytes(4).toString('hex')}`),
      ...(REDIS_URL ? { REDIS_URL } : {}),
      ...overrides,
    }),
    // Tests of the reset's timing set it back (password-reset.test.ts); the others need not wait.
    resetVerifyMinMs: 0,
  };
}

/** Test files run at once against one Redis: each counts on its own. */
const testCounters = (config: Config): Promise<RateLimitStore> =>
  createRateLimitStore(config.redisUrl, `rl-test-${randomBytes(4).toString('hex')}`);

/** The whole app against a database of its own, as a test drives it with `app.inject()`. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  adjust: (config: Config) => Config = (config) => config,
  {
    keepLogs = true,
    now,
    tracing,
    adjustDatabase = (database) => database,
    openDatabase = () => createTestDatabase(),
  }: {
    /** Request spans, for the tracing tests. */
    tracing?: Tracing;
    /**
     * Opens the app's database; a fresh one of its own by default. A test of the server's own
     * database settings (`DATABASE_URL`, `DATABASE_REPLICA_URL`) opens `config.database`.
     */
    openDatabase?: (config: Config) => Promise<Database>;
    /** Changes the database before the app gets it (a read replica in front of it). */
    adjustDatabase?: (database: Database) => Database;
    /** Keep the log lines for `logs()`; a long run that measures memory lets them go. */
    keepLogs?: boolean;
    /** The clock of the jobs and services, for tests that move time. */
    now?: Clock;
  } = {},
): Promise<TestApp> {
  const config = adjust(testConfig(overrides));
  const database = adjustDatabase(await openDatabase(config));
  const rateLimit = await testCounters(config);
  const stream = new PassThrough();
  let captured = '';
  stream.on('data', (chunk: Buffer) => {
    if (keepLogs) captured += chunk.toString('utf8');
  });
  const app = await buildApp({
    config,
    database,
    rateLimit,
    logStream: stream,
    ...(now ? { now } : {}),
    tracing,
  });
  await app.ready();
  return {
    app,
    config,
    database,
    logs: () => captured,
    async close() {
      await app.close();
      await rateLimit.close();
      await database.close();
    },
  };
}

/**
 * Several instances of the app on one database and one counters store, each with its own
 * process state (services, sign-in provider, job workers): what consecutive requests meet
 * behind a load balancer.
 */
export async function createTestCluster(size: number, overrides: Record<string, string> = {}) {
  const config = testConfig(overrides);
  const database = await createTestDatabase();
  const rateLimit = await testCounters(config);
  // One home for the sign-in provider's short-lived models, as Redis is for a real cluster.
  const providerState = createShortLivedStore(config.redisUrl);
  await providerState.connect();
  const instances: FastifyInstance[] = [];
  for (let i = 0; i < size; i += 1) {
    const app = await buildApp({
      config,
      database,
      rateLimit,
      providerState,
      logStream: new PassThrough(),
    });
    await app.ready();
    instances.push(app);
  }
  return {
    instances,
    config,
    database,
    async close() {
      for (const app of instances) await app.close();
      await providerState.close();
      await rateLimit.close();
      await database.close();
    },
  };
}
