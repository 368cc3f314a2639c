import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows-of';

/**
 * The raw tables the statistics count, each with the moment that decides a row's day and the
 * metric it adds to. Tracking events count on the day the server received them: the client's
 * own timestamp may be days old (an offline queue) or simply wrong.
 */
const SOURCES = {
  tracking_events: { time: sql.raw('received_at'), metric: sql.raw(`'event:' || event_name`) },
  audit_events: {
    time: sql.raw('occurred_at'),
    metric: sql.raw(`'audit:' || action || ':' || outcome`),
  },
} as const satisfies Record<string, { time: SQL; metric: SQL }>;
export type StatisticsSource = keyof typeof SOURCES;
export const STATISTICS_SOURCES = Object.keys(SOURCES) as StatisticsSource[];

/** SQL only: the daily metrics, their aggregation from the raw tables, the review backlog. */
export function createStatisticsRepository(db: Db) {
  return {
    /**
     * Counts the next rows of `source` after its watermark into daily_metrics and moves the
     * watermark, in one transaction: the counts and the watermark move together or not at all.
     * The watermark row is locked first, so a second run (another instance) waits and then starts
     * where this one ended: nothing is counted twice. Only rows older than `settleSeconds` are
     * taken: an id is handed out when its row is written, so a lower id may still be in a
     * transaction that commits after a higher one (decision 0227). Answers how many ids were
     * passed and whether a full batch was taken (more may wait).
     */
    async aggregateNextBatch(
      source: StatisticsSource,
      { batchSize, settleSeconds }: { batchSize: number; settleSeconds: number },
    ): Promise<{ rows: number; full: boolean }> {
      const { time, metric } = SOURCES[source];
      const table = sql.identifier(source);
      await db.execute(
        sql`INSERT INTO statistics_watermarks (source) VALUES (${source}) ON CONFLICT DO NOTHING`,
      );
      return db.transaction(async (tx) => {
        const [mark] = await rowsOf<{ last_id: string }>(
          tx,
          sql`SELECT last_id FROM statistics_watermarks WHERE source = ${source} FOR UPDATE`,
        );
        const lastId = Number(mark?.last_id ?? 0);
        const [bounds] = await rowsOf<{ upper: string | null; rows: string; taken: string }>(
          tx,
          sql`
            SELECT max(id) FILTER (WHERE settled) AS upper, count(*) FILTER (WHERE settled) AS rows,
              count(*) AS taken
            FROM (
              SELECT id, ${time} < now() - make_interval(secs => ${settleSeconds}) AS settled
              FROM ${table} WHERE id > ${lastId} ORDER BY id LIMIT ${batchSize}
            ) next`,
        );
        if (!bounds?.upper) return { rows: 0, full: false };
        const upper = Number(bounds.upper);
        await tx.execute(sql`
          INSERT INTO daily_metrics (day, metric, count)
          SELECT (${time} AT TIME ZONE 'Asia/Jakarta')::date, ${metric}, count(*)
          FROM ${table} WHERE id > ${lastId} AND id <= ${upper}
          GROUP BY 1, 2
          ON CONFLICT (day, metric) DO UPDATE SET count = daily_metrics.count + excluded.count`);
        await tx.execute(sql`
          UPDATE statistics_watermarks SET last_id = ${upper}, updated_at = now()
          WHERE source = ${source}`);
        const rows = Number(bounds.rows);
        return { rows, full: rows === batchSize && Number(bounds.taken) === batchSize };
      });
    },

    /** The counts of every metric with one of `prefixes`, per day from `from` to `to`. */
    async dailyCounts(
      { from, to }: { from: string; to: string },
      prefixes: readonly string[],
    ): Promise<{ day: string; metric: string; count: number }[]> {
      // The prefixes are the service's own constants; none holds a LIKE wildcard.
      const patterns = sql.join(
        prefixes.map((prefix) => sql`${`${prefix}%`}`),
        sql`, `,
      );
      const rows = await rowsOf<{ day: string; metric: string; count: string }>(
        db,
        sql`
          SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, count FROM daily_metrics
          WHERE day BETWEEN ${from}::date AND ${to}::date
            AND metric LIKE ANY (ARRAY[${patterns}]::text[])`,
      );
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },

    /** Office requests still waiting for a decision, by how many whole days they have waited. */
    async pendingOfficeRequestAges(): Promise<{
      pending: number;
      oldestDays: number | null;
      byAge: Record<string, number>;
    }> {
      const [row] = await rowsOf<Record<string, string | null>>(
        db,
        sql`
          SELECT count(*) AS pending,
            max(extract(day FROM now() - created_at))::int AS oldest_days,
            count(*) FILTER (WHERE created_at > now() - interval '3 days') AS days0to2,
            count(*) FILTER (WHERE created_at <= now() - interval '3 days'
              AND created_at > now() - interval '8 days') AS days3to7,
            count(*) FILTER (WHERE created_at <= now() - interval '8 days'
              AND created_at > now() - interval '15 days') AS days8to14,
            count(*) FILTER (WHERE created_at <= now() - interval '15 days') AS days15plus
          FROM office_account_requests WHERE status = 'submitted'`,
      );
      return {
        pending: Number(row?.pending ?? 0),
        oldestDays: row?.oldest_days == null ? null : Number(row.oldest_days),
        byAge: {
          days0to2: Number(row?.days0to2 ?? 0),
          days3to7: Number(row?.days3to7 ?? 0),
          days8to14: Number(row?.days8to14 ?? 0),
          days15Plus: Number(row?.days15plus ?? 0),
        },
      };
    },
  };
}
