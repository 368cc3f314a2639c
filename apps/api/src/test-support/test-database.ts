import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openTestDatabase, type Database, type TestDatabaseTemplate } from '../db/database';

// The machine's PostgreSQL when CI sets its URL; an in-memory PGlite otherwise.
// eslint-disable-next-line no-restricted-properties -- tests choose their real parts here
const { DATABASE_URL } = process.env;

/** The migrated database of the run's global set-up, when the run has one (database-template.ts). */
function template(): TestDatabaseTemplate | undefined {
  const postgresName = inject('postgresTemplate');
  if (DATABASE_URL && postgresName) return { postgresName };
  const pgliteDumpFile = inject('pgliteDumpFile');
  if (!DATABASE_URL && pgliteDumpFile)
    return { pgliteDump: new Blob([readFileSync(pgliteDumpFile)]) };
  return undefined;
}

/** A database of its own for one test file: a fresh PostgreSQL database or PGlite. */
export const createTestDatabase = (): Promise<Database> =>
  openTestDatabase(DATABASE_URL, template());
