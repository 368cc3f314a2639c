import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/database';
import { createRateLimitStore } from '../apps/api/src/counters/rate-limit-store';
import { createStatisticsService } from '../apps/api/src/statistics/statistics-service';
import { DEFAULT_ADMIN_URL, query } from './bench-support';

// `npm run bench:statistics [-- --events N --runs R --keep]`: a fresh PostgreSQL database with
// N raw events (default 100 million: 60 % tracking events, 40 % audit outcomes) spread over the
// last 365 days, loaded with INSERT ... SELECT generate_series in chunks; then the statistics job
// catches up from nothing (its throughput), then the dashboard's and the public page's queries
// run R times each for 7, 30 and 365 days (p50/p95). The database is dropped unless --keep.

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '100000000' },
    chunk: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
  },
});
const events = Number(values.events.replaceAll('_', ''));
const chunk = Number(values.chunk.replaceAll('_', ''));
const runs = Number(values.runs);
const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
const name = 'statistics_bench';

// Weighted as the portal sees them: many page views, few downloads; most lookups find someone.
const EVENT_NAMES = [
  ...Array<string>(10).fill('PAGE_VIEWED'),
  ...Array<string>(4).fill('CLICKED'),
  ...Array<string>(2).fill('ACCOUNT_LOOKUP_INITIATED'),
  'PASSWORD_SEARCH_SUBMITTED',
  'PASSWORD_RESET_INITIATED',
  'PASSWORD_RESET_LINK_SENT',
  'PASSWORD_RESET_FAQ_CLICKED',
  'FILE_DOWNLOADED',
  'DINAS_ACCOUNT_REQUEST_INITIATED',
  'PD_ACCOUNT_REQUEST_INITIATED',
];
const AUDIT_OUTCOMES = [
  ...Array<string>(6).fill('lookup|found'),
  ...Array<string>(3).fill('lookup|not-found'),
  'lookup|no-account',
  'lookup|bot-check-failed',
  ...Array<string>(3).fill('request-details|queued-email'),
  'request-details|queued-phone',
  'change-email|codes-sent',
  'change-email|confirmed',
  ...Array<string>(3).fill('reset-verify|eligible'),
  'reset-verify|no-match',
  ...Array<string>(2).fill('reset-send|queued-email'),
  'reset-validate|wrong',
  ...Array<string>(2).fill('reset-validate|verified'),
  ...Array<string>(2).fill('reset-password|changed'),
  ...Array<string>(6).fill('sign-in|signed-in'),
  ...Array<string>(2).fill('sign-in|wrong-password'),
  'sign-in|locked',
  'sign-in-lock|locked',
];

const textArray = (items: string[]) =>
  sql`ARRAY[${sql.join(
    items.map((item) => sql`${item}`),
    sql`, `,
  )}]::text[]`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const load = () => loadavg()[0]!.toFixed(1);

async function main() {
  await query(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await query(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '', poolSize: 4 });
  const { db } = database;
  const statistics = createStatisticsService({
    db,
    replica: database.replica.read,
    counters: await createRateLimitStore(undefined),
  });
  try {
    const tracking = Math.round(events * 0.6);
    const audit = events - tracking;
    console.log(
      `Loading ${tracking.toLocaleString('en')} tracking events and ${audit.toLocaleString('en')} audit events over 365 days (load ${load()}) ...`,
    );
    const loadStarted = performance.now();
    // Row i of n happens at i/n of the way through the year up to ten minutes ago: ids rise
    // with time, as they do when rows are written as they happen.
    for (let start = 1; start <= tracking; start += chunk) {
      const end = Math.min(tracking, start + chunk - 1);
      await db.execute(sql`
        INSERT INTO tracking_events (event_name, device_id, session_id, page_url, device_type, os,
          browser, occurred_at, received_at, attributes)
        SELECT (${textArray(EVENT_NAMES)})[1 + (i * 7919) % ${EVENT_NAMES.length}],
          'device-' || (i % 5000000), 'session-' || (i / 3), 'https://akun.belajar.id/',
          (ARRAY['mobile', 'mobile', 'mobile', 'desktop', 'tablet'])[1 + i % 5], 'Android',
          'Chrome', at, at, '[]'::jsonb
        FROM generate_series(${start}::bigint, ${end}::bigint) AS i,
          LATERAL (SELECT now() - interval '10 minutes'
            - interval '365 days' * (1 - i::float8 / ${tracking}) AS at) t`);
    }
    for (let start = 1; start <= audit; start += chunk) {
      const end = Math.min(audit, start + chunk - 1);
      await db.execute(sql`
        INSERT INTO audit_events (occurred_at, action, outcome, user_type, person_id, ip_hash)
        SELECT at, split_part(pick, '|', 1), split_part(pick, '|', 2), 'ptk', i % 3000000,
          md5((i % 100000)::text)
        FROM generate_series(${start}::bigint, ${end}::bigint) AS i,
          LATERAL (SELECT (${textArray(AUDIT_OUTCOMES)})[1 + (i * 7919) % ${AUDIT_OUTCOMES.length}] AS pick,
            now() - interval '10 minutes' - interval '365 days' * (1 - i::float8 / ${audit}) AS at) a`);
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    console.log(
      `  loaded in ${loadSeconds.toFixed(0)} s (${Math.round(events / loadSeconds).toLocaleString('en')} events/s, load ${load()})`,
    );
    await db.execute(sql`ANALYZE`);

    console.log('Aggregating from nothing (the job, batch after batch) ...');
    const aggregateStarted = performance.now();
    const counted = await statistics.aggregateStatistics({ budgetMs: Number.POSITIVE_INFINITY });
    const aggregateSeconds = (performance.now() - aggregateStarted) / 1000;
    console.log(
      `  ${counted.toLocaleString('en')} events counted in ${aggregateSeconds.toFixed(0)} s: ${Math.round(counted / aggregateSeconds).toLocaleString('en')} events/s (load ${load()})`,
    );
    const metrics = await query<{ rows: string }>(
      url.toString(),
      'SELECT count(*) AS rows FROM daily_metrics',
    );
    console.log(`  daily_metrics holds ${metrics[0]?.rows} rows`);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });
    const rangeOf = (days: number) => ({
      from: new Date(Date.parse(today) - (days - 1) * 86_400_000).toISOString().slice(0, 10),
      to: today,
    });
    console.log(`Queries, ${runs} runs each (ms):`);
    console.log('| query | days | p50 | p95 |');
    console.log('| --- | --- | --- | --- |');
    for (const [label, run] of [
      ['dashboard (staff)', statistics.staffStatistics],
      ['public page', statistics.publicStatistics],
    ] as const) {
      for (const days of [7, 30, 365]) {
        const range = rangeOf(days);
        await run(range);
        const times: number[] = [];
        for (let i = 0; i < runs; i += 1) {
          const started = performance.now();
          await run(range);
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        console.log(
          `| ${label} | ${days} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`,
        );
      }
    }
    // For comparison: the lookup funnel's first step counted from the raw rows, once.
    const rawStarted = performance.now();
    await db.execute(sql`
      SELECT (occurred_at AT TIME ZONE 'Asia/Jakarta')::date, count(*) FROM audit_events
      WHERE action = 'lookup' AND outcome <> 'bot-check-failed'
        AND occurred_at > now() - interval '30 days'
      GROUP BY 1`);
    console.log(
      `Without the job: 30 days of one funnel step from audit_events took ${(performance.now() - rawStarted).toFixed(0)} ms (load ${load()})`,
    );
  } finally {
    await database.close();
    if (!values.keep) await query(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

await main();
