import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

export { freePort } from '../scripts/cluster';

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
  delete env['REDIS_URL'];
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/node'),
    [...nodeArgs, '--import', 'tsx', script],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
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

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
