import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { logBackgroundError } from '../logging/logger-options';
import { createReadReplica, openReplica, primaryOnly, type ReadReplica } from './read-replica';
import * as schema from './schema';

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

// Any number, the same in every instance: only one instance migrates at a time.
const MIGRATION_LOCK_KEY = 7_240_411;

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction on `Db`: what a change and its side effects (outbox, jobs, audit) share. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** How the job queue reaches the same database: its own pool, or PGlite's one connection. */
  jobQueueConnection: { connectionString: string } | { pglite: PGlite };
  /** Heavy reads: on the replica when one is configured and fit, on this database otherwise. */
  replica: ReadReplica;
  /** Throws unless the database answers. */
  ping(): Promise<void>;
  /** The connection pool's use now (PostgreSQL; PGlite has one connection and no pool). */
  poolUse(): { total: number; idle: number; waiting: number; max: number } | undefined;
  /** Loads CSV rows (each ending in a newline) with COPY, the fastest way in on both engines. */
  copyCsv(
    table: string,
    columns: readonly string[],
    rows: Iterable<string> | AsyncIterable<string>,
  ): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** postgres:// URL; without one the embedded PGlite runs. */
  url?: string | undefined;
  /** PGlite data folder, or `memory://` for a throwaway database. */
  dataDir: string;
  /** A PGlite data folder dumped by `dumpDataDir()`, to start from instead of an empty one. */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /** A streaming replica of `url` for heavy reads, and the lag past which it is skipped. */
  replica?: { url: string; maxLagSeconds: number } | undefined;
};

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const copyStatement = (table: string, columns: readonly string[], source: string): string =>
  `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM ${source} WITH (FORMAT csv)`;

/** Opens the database, applies the migrations, and returns it ready for use. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : await openPglite(options.dataDir, options.loadDataDir);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  if (!options.replica) return database;
  const opened = openReplica(options.replica.url, options.poolSize ?? 10);
  const replica = createReadReplica({
    primary: database.db,
    replica: opened.db,
    readLag: opened.readLag,
    maxLagSeconds: options.replica.maxLagSeconds,
    close: opened.close,
  });
  return {
    ...database,
    replica,
    async close() {
      await replica.close();
      await database.close();
    },
  };
}

function openPostgres(url: string, poolSize: number): Database & { migrate(): Promise<void> } {
  // A server that does not answer (a network partition, a host gone) fails a new connection
  // after 5 s instead of holding the request until the client gives up.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
  });
  // A connection that dies (a restart, a failover, an idle-connection kill) emits 'error', on
  // the pool while idle and on the client while checked out; unheard, either ends the process.
  // The pool drops the dead client and opens a new one on the next query.
  pool.on('error', (error) => logBackgroundError('database connection lost', error));
  // A checked-out client's error also fails its query in flight, which its request reports.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    jobQueueConnection: { connectionString: url },
    replica: primaryOnly(db),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client
          .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
          .catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    async copyCsv(table, columns, rows) {
      const client = await pool.connect();
      try {
        const stream = client.query(copyFrom(copyStatement(table, columns, 'STDIN')));
        await pipeline(Readable.from(rows), stream);
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

export class DataFolderInUseError extends Error {
  override name = 'DataFolderInUseError';
}

/**
 * PGlite has no lock of its own and two processes on one folder corrupt it: a pid file makes
 * the second one stop with a clear message. A pid file whose process is gone is taken over.
 */
function lockDataFolder(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'portal.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataFolderInUseError(
          `The database folder ${dataDir} is in use by process ${owner} (the embedded database allows one process per folder). Stop that process first, or set DATA_DIR or DATABASE_URL.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataFolderInUseError(`Could not lock the database folder ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const loadDrizzlePglite = async () => {
  const [{ drizzle }, { migrate }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { drizzle, migrate };
};

async function openPglite(
  dataDir: string,
  loadDataDir: Blob | undefined,
): Promise<Database & { migrate(): Promise<void> }> {
  let drizzlePglite: Awaited<ReturnType<typeof loadDrizzlePglite>>['drizzle'];
  let migratePglite: Awaited<ReturnType<typeof loadDrizzlePglite>>['migrate'];
  let unlock = () => undefined as void;
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataFolder(dataDir);
  }
  let client: PGlite;
  try {
    // Loaded only when used: its WebAssembly costs a PostgreSQL deployment ~280 MB for nothing.
    const [{ PGlite }, { pg_trgm }, pglite] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      loadDrizzlePglite(),
    ]);
    drizzlePglite = pglite.drizzle;
    migratePglite = pglite.migrate;
    client = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    jobQueueConnection: { pglite: client },
    replica: primaryOnly(db),
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async ping() {
      await client.query('SELECT 1');
    },
    poolUse: () => undefined,
    async copyCsv(table, columns, rows) {
      // PGlite reads COPY input from a virtual /dev/blob file.
      const chunks: string[] = [];
      for await (const row of rows) chunks.push(row);
      await client.query(copyStatement(table, columns, `'/dev/blob'`), [], {
        blob: new Blob(chunks),
      });
    },
    async close() {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/** Where test databases start from: a migrated PostgreSQL database, or a dumped PGlite folder. */
export type TestDatabaseTemplate = { postgresName: string } | { pgliteDump: Blob };

/**
 * A database of its own for one test file: a fresh PostgreSQL database when DATABASE_URL is
 * set (dropped on close), otherwise an in-memory PGlite; made from `template` when given, which
 * spares each file the migrations.
 */
export async function openTestDatabase(
  baseUrl: string | undefined,
  template?: TestDatabaseTemplate,
): Promise<Database> {
  if (!baseUrl) {
    const loadDataDir = template && 'pgliteDump' in template ? template.pgliteDump : undefined;
    return openDatabase({ dataDir: 'memory://', loadDataDir });
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const from =
    template && 'postgresName' in template ? ` TEMPLATE ${quoteIdent(template.postgresName)}` : '';
  await admin.query(`CREATE DATABASE ${quoteIdent(name)}${from}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '', poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      try {
        // A plain drop first: forcing it at once can cut a connection the pool is still closing.
        await cleanup.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
      } catch {
        await cleanup.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
