import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

// Debian's postgresql-client: /usr/bin/pg_dump picks the tools of the server's major version.
const PG_DUMP = 'pg_dump';
const PG_RESTORE = 'pg_restore';

export class RestoreTargetNotEmptyError extends Error {
  override name = 'RestoreTargetNotEmptyError';
}

/**
 * A whole-database backup in pg_dump's custom format (compressed, restorable table by table):
 * schema, data, the job queue's schema and the migrations' record. Owners and grants are left
 * out: the restoring role owns what it restores.
 */
export async function backupDatabase(url: string, file: string): Promise<void> {
  await run(PG_DUMP, ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, url]);
}

/**
 * Restores a backup into an empty database, in one transaction: a failure halfway leaves the
 * target as empty as it was. A database that already holds tables is refused, never cleaned.
 */
export async function restoreDatabase(url: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables
       WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.n ?? 0) > 0)
      throw new RestoreTargetNotEmptyError(
        'The target database already holds tables: restore into a new, empty database.',
      );
  } finally {
    await client.end();
  }
  await run(PG_RESTORE, [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
}
