import type { Db } from '../db/database';
import { trackingEvents } from '../db/schema';

export type TrackingRow = typeof trackingEvents.$inferInsert;

export function createTrackingRepository(db: Db) {
  return {
    /** One multi-row INSERT per batch: all of it is stored or none of it. */
    async insertBatch(rows: TrackingRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(trackingEvents).values(rows);
    },
  };
}
