// Preloaded into the server a benchmark starts (`node --import ./bench/statement-counter.mjs`):
// counts every statement the server sends PostgreSQL through `pg` (drizzle's, the provider's,
// BEGIN and COMMIT included), so the benchmark prints statements per operation from the
// statements really sent. pg-boss's own pool (its polling and upkeep, `application_name`
// pgboss) is counted apart: it runs on its timer, not per operation. The benchmark asks for the
// counts over the IPC channel its `spawn` opened.
// With BENCH_STATEMENT_LOG=<file>, each counted statement's text is appended to that file, to
// see which statements an operation sends.
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const counts = { statements: 0, jobQueue: 0 };
const log = process.env.BENCH_STATEMENT_LOG;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  if (this.connectionParameters?.application_name === 'pgboss') counts.jobQueue += 1;
  else {
    counts.statements += 1;
    if (log) {
      const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
      appendFileSync(log, `${String(text).replace(/\s+/g, ' ').slice(0, 160)}\n`);
    }
  }
  return query.apply(this, args);
};

if (process.send) {
  process.on('message', (message) => {
    if (message !== 'statement-counts') return;
    if (log) appendFileSync(log, `--- ${counts.statements} statements\n`);
    process.send({ statementCounts: { ...counts } });
  });
  // The channel must not keep the server alive once it is told to stop.
  process.channel?.unref();
}
