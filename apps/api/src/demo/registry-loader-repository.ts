import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows-of';
import { REGISTRY_COLUMNS, type RegistryTable } from '../registry/registry-copy';

/** Tables the seed fills, parents before children. */
export const REGISTRY_TABLES = [
  ...(Object.keys(REGISTRY_COLUMNS) as RegistryTable[]),
  'registry_seeds',
] as const;

/** SQL only: the demo seed's bookkeeping around the COPY of its rows. */
export function createRegistryLoaderRepository(db: Db) {
  return {
    /** Which registry tables hold rows and how far a seed got; index probes, no counts. */
    async state(): Promise<{ seeded: boolean; finished: boolean; any_data: boolean }> {
      const [state] = await rowsOf<{ seeded: boolean; finished: boolean; any_data: boolean }>(
        db,
        sql`SELECT
          EXISTS (SELECT 1 FROM registry_seeds) AS seeded,
          (SELECT is_called FROM people_id_seq) AS finished,
          EXISTS (SELECT 1 FROM regions) OR EXISTS (SELECT 1 FROM schools)
            OR EXISTS (SELECT 1 FROM offices) OR EXISTS (SELECT 1 FROM people)
            OR EXISTS (SELECT 1 FROM learning_accounts) AS any_data`,
      );
      if (!state) throw new Error('no answer from the registry status query');
      return state;
    },
    /** Empties every registry table and what refers to it (accounts, their sessions, ...). */
    async reset(): Promise<void> {
      await db.execute(sql.raw(`TRUNCATE ${REGISTRY_TABLES.join(', ')} RESTART IDENTITY CASCADE`));
    },
    /** Records the seed; false when another loader recorded one first. */
    async claimSeed(seed: string, people: number): Promise<boolean> {
      const claimed = await rowsOf<{ id: number }>(
        db,
        sql`INSERT INTO registry_seeds (id, seed, people) VALUES (1, ${seed}, ${people})
            ON CONFLICT (id) DO NOTHING RETURNING id`,
      );
      return claimed.length > 0;
    },
    /**
     * Ends a load whose ids were given explicitly: later inserts continue after them, and the
     * planner learns the new sizes. The people id sequence is set last, as it marks the seed
     * finished.
     */
    async finishLoad(loaded: { offices: number; people: number }): Promise<void> {
      await db.execute(
        sql`SELECT setval(pg_get_serial_sequence('offices', 'id'), ${loaded.offices})`,
      );
      await db.execute(sql`ANALYZE regions, offices, schools, school_memberships,
        office_staff, learning_accounts`);
      await db.execute(sql`ANALYZE people`);
      await db.execute(
        sql`SELECT setval(pg_get_serial_sequence('people', 'id'), ${loaded.people})`,
      );
    },
  };
}
