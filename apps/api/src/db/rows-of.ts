import type { SQL } from 'drizzle-orm';
import type { Db, Transaction } from './database';

/**
 * Runs a hand-written query and answers its rows. Both drivers (node-postgres and PGlite)
 * answer `execute()` with an object holding `rows`, but drizzle types that answer per driver,
 * so `Db`, which serves both, cannot say so: this is the one place that casts it.
 */
export async function rowsOf<T>(db: Db | Transaction, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Runs a hand-written statement and answers how many rows it changed (each driver names it). */
export async function rowCountOf(db: Db | Transaction, statement: SQL): Promise<number> {
  const result = (await db.execute(statement)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}
