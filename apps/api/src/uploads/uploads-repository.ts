import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { privateUploads } from '../db/schema';

/** SQL only: the private uploads' rows (their files live in private storage). */
export function createUploadsRepository(db: Db) {
  return {
    async insert(values: { id: string; storageKey: string; bytes: number; pages: number }) {
      await db.insert(privateUploads).values(values);
    },
    /** Uploads no request claimed within a day, at most `limit`. */
    unclaimedForADay(limit: number) {
      return db
        .select({ id: privateUploads.id, storageKey: privateUploads.storageKey })
        .from(privateUploads)
        .where(
          and(
            isNull(privateUploads.claimedAt),
            lt(privateUploads.createdAt, sql`now() - interval '1 day'`),
          ),
        )
        .limit(limit);
    },
    /** Removes the row unless a request claimed it meanwhile. */
    async removeUnclaimed(id: string) {
      await db
        .delete(privateUploads)
        .where(and(eq(privateUploads.id, id), isNull(privateUploads.claimedAt)));
    },
  };
}
