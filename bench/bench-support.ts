import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/database';
import { DEFAULT_REGISTRY_SEED } from '../apps/api/src/demo/registry-generator';
import { loadRegistry, registryStatus } from '../apps/api/src/demo/registry-loader';

/** Shared by the benchmarks: the local PostgreSQL, a seeded database, the real server. */
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function query<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

import { freePort } from '../scripts/free-port';
export { freePort };

/** The URL of database `name` (created if missing), seeded with `people` unless it already is. */
export async function seededDatabase(
  adminUrl: string,
  name: string,
  people: number,
): Promise<string> {
  if (
    (await query(adminUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name])).length === 0
  ) {
    await query(adminUrl, `CREATE DATABASE "${name}"`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '' });
  try {
    if ((await registryStatus(database)) === 'empty') {
      console.log(`Seeding ${people.toLocaleString('en')} people into ${name} ...`);
      const report = await loadRegistry(database, {
        people,
        seed: DEFAULT_REGISTRY_SEED,
        productName: 'belajar',
      });
      console.log(`  seeded in ${report.seconds.toFixed(1)} s`);
    } else {
      console.log(`Reusing the registry in ${name}`);
    }
    await database.db.execute('ANALYZE');
  } finally {
    await database.close();
  }
  return url.toString();
}

/**
 * The real server (`apps/api/src/server.ts`) on `databaseUrl`, bot check off and limits out of
 * the way (what is measured is the server, not the load generator's proof of work); or another
 * `script` (the lookup benchmark's floor) with the same environment.
 */
export async function startServer(
  databaseUrl: string,
  port: number,
  nodeArgs: string[] = [],
  script = 'apps/api/src/server.ts',
  /** More environment for this server (metrics, traces). */
  extraEnv: Record<string, string> = {},
): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    BOT_CHECK: 'off',
    LOG_LEVEL: 'warn',
    LOOKUP_LIMIT_PER_IP_PER_MINUTE: '100000000',
    LOOKUP_LIMIT_PER_TARGET_PER_HOUR: '100000000',
    WEB_BUILD_DIR: '/nonexistent',
    ...extraEnv,
  };
  // Redis only when the benchmark asks for it (the sign-in provider's state at scale).
  if (!extraEnv['REDIS_URL']) delete env['REDIS_URL'];
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/node'),
    [...nodeArgs, '--import', './bench/statement-counter.mjs', '--import', 'tsx', script],
    {
      cwd: repoRoot,
      env,
      // The IPC channel answers the statement counts (`statementCounts`).
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  for (let i = 0; i < 300; i += 1) {
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become ready');
}

/**
 * The server's Redis when the benchmark runs with `REDIS_URL` (the sign-in provider's short-lived
 * state as a cluster keeps it, decision 0288); none otherwise (its memory, the embedded default).
 */
export const benchRedisEnv = (): Record<string, string> =>
  process.env['REDIS_URL'] ? { REDIS_URL: process.env['REDIS_URL'] } : {};

/**
 * The statements the server has sent PostgreSQL so far (`bench/statement-counter.mjs`): its own,
 * and apart those of the job queue's pool, which polls on its timer.
 */
export function statementCounts(
  child: ChildProcess,
): Promise<{ statements: number; jobQueue: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no statement counts from the server')), 5000);
    const onMessage = (message: unknown) => {
      const counts = (message as { statementCounts?: { statements: number; jobQueue: number } })
        .statementCounts;
      if (!counts) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(counts);
    };
    child.on('message', onMessage);
    child.send('statement-counts');
  });
}

/**
 * Runs `operation` `times` times one after another and answers the server's statements per
 * operation: counted for real, each sent statement once (`statementCounts`).
 */
export async function statementsPerOperation(
  child: ChildProcess,
  times: number,
  operation: (index: number) => Promise<void>,
): Promise<number> {
  const before = await statementCounts(child);
  for (let index = 0; index < times; index += 1) await operation(index);
  const after = await statementCounts(child);
  return (after.statements - before.statements) / times;
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export type Paced = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
};

/**
 * A steady arrival rate. autocannon's own `overallRate` lets each connection send its quota for
 * the second back to back at the start of the second, so "500 req/s" arrives as one burst of
 * 500 at a concurrency of `connections` and then nothing: its p99 is that of a burst. Here each
 * connection is its own autocannon instance with its share of the rate, the instances started
 * evenly across the second, so arrivals spread over it as independent visitors' would. Latency
 * percentiles come from every response, across instances.
 */
export async function paced(
  url: string,
  connectionCount: number,
  rate: number,
  durationSeconds: number,
  request: autocannon.Request,
): Promise<Paced> {
  const durations: number[] = [];
  let non2xx = 0;
  const instances: Promise<autocannon.Result>[] = [];
  for (let i = 0; i < connectionCount; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000 / connectionCount));
    const instance = autocannon(
      {
        url,
        connections: 1,
        overallRate: rate / connectionCount,
        duration: durationSeconds,
        requests: [request],
      },
      () => undefined,
    );
    instance.on('response', (_client, statusCode: number, _bytes, milliseconds: number) => {
      if (statusCode >= 200 && statusCode < 300) durations.push(milliseconds);
      else non2xx += 1;
    });
    instances.push(
      new Promise((resolve, reject) => {
        instance.on('done', resolve);
        instance.on('error', reject);
      }),
    );
  }
  await Promise.all(instances);
  durations.sort((a, b) => a - b);
  const at = (q: number) =>
    durations[Math.min(durations.length - 1, Math.floor(q * durations.length))] ?? NaN;
  return {
    // Each instance keeps its share of the rate for the whole duration, staggered start aside.
    requestsPerSecond: (durations.length + non2xx) / durationSeconds,
    p50: at(0.5),
    p99: at(0.99),
    max: durations.at(-1) ?? NaN,
    non2xx,
  };
}

/**
 * The portal as `npm start` runs it for the page benchmarks: the embedded database in a folder
 * of its own, the demo accounts and a small registry, the web's build, on a free port. `stop`
 * ends it and removes the folder.
 */
export async function startDemoServer(
  env: Record<string, string>,
): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The sign-in provider's issuer and the web's return addresses are on this origin.
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error('server did not become ready');
}
