import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows-of';

/** What the metrics read from the database at each scrape: the job queues and the replicas. */
export function createMetricsRepository(db: Db) {
  return {
    /**
     * Per pg-boss queue (every one, zeros for an empty one): jobs ready to run now, jobs running, and how long the oldest ready one
     * has been waiting (since it became runnable: its retry delay does not count as waiting).
     */
    async jobQueues() {
      return rowsOf<{ name: string; ready: number; active: number; oldest_seconds: number | null }>(
        db,
        sql`SELECT q.name,
              count(j.id) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now())::int
                AS ready,
              count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
              extract(epoch FROM now() - min(j.start_after)
                FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now()))::float8
                AS oldest_seconds
            FROM pgboss.queue q
            LEFT JOIN pgboss.job j ON j.name = q.name AND j.state IN ('created', 'retry', 'active')
            GROUP BY q.name`,
      );
    },
    /**
     * How far each streaming replica is behind, as the primary sees it: none without replicas,
     * and none to a role without pg_monitor (it sees the rows with their columns null). A lag
     * of null means the replica has replayed everything and nothing new came since: zero.
     */
    async replicaLag() {
      return rowsOf<{ replica: string; lag_seconds: number | null }>(
        db,
        sql`SELECT coalesce(nullif(application_name, ''), 'replica-' || pid) AS replica,
              coalesce(extract(epoch FROM replay_lag), 0)::float8 AS lag_seconds
            FROM pg_stat_replication
            WHERE state IS NOT NULL`,
      );
    },
  };
}
