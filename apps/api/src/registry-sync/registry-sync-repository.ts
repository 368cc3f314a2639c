import { inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { registrySyncs } from '../db/schema';

/** SQL only: the registry imports' runs. */
export function createRegistrySyncRepository(db: Db) {
  return {
    /** Those of `sources` whose import finished. */
    async finishedSources(sources: string[]): Promise<Set<string>> {
      const runs = await db
        .select({ source: registrySyncs.source, finishedAt: registrySyncs.finishedAt })
        .from(registrySyncs)
        .where(inArray(registrySyncs.source, sources));
      return new Set(runs.filter((run) => run.finishedAt !== null).map((run) => run.source));
    },
  };
}
