import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  DEFAULT_ADMIN_URL,
  freePort,
  query,
  seededDatabase,
  startServer,
  stopServer,
} from './bench-support';

// `npm run bench:lookup [-- --people N --seconds S --keep]`: the account lookup against a
// registry of N people (default 1,000,000) in PostgreSQL, driven by autocannon, beside the same
// server's hello-world (/healthz) measured in the same run. The bot check is off for the run
// (a proof of work per request would measure the client's CPU, not the server's).

const GOALS = { ratioOfHelloWorld: 0.5, p99AtFixedRateMs: 25, fixedRate: 500 };

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    database: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const people = Number(values.people.replaceAll('_', ''));
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
const name = values.database ?? `lookup_bench_${people}`;

type Identity = {
  type: 'ptk' | 'pd';
  npsn: string;
  name: string;
  birthDate: string;
  motherName: string;
};

async function sampleIdentities(databaseUrl: string): Promise<Identity[]> {
  // A spread of real people: random rows, each with a school they belong to.
  return query<Identity>(
    databaseUrl,
    `SELECT p.kind AS type, m.npsn, p.full_name AS name, to_char(p.birth_date, 'YYYY-MM-DD') AS "birthDate",
            p.mother_name AS "motherName"
     FROM people p TABLESAMPLE SYSTEM (2)
     JOIN LATERAL (SELECT npsn FROM school_memberships WHERE person_id = p.id LIMIT 1) m ON true
     WHERE p.kind IN ('ptk', 'pd')
     LIMIT 20000`,
  );
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const benchUrl = await seededDatabase(adminUrl, name, people);
const identities = await sampleIdentities(benchUrl);
if (identities.length === 0) throw new Error('no identities sampled');
const port = await freePort();
const server = await startServer(benchUrl, port);
try {
  const base = `http://127.0.0.1:${port}`;
  let next = 0;
  const lookupRequest = {
    method: 'POST' as const,
    path: '/belajar-id/account-lookup/v1/lookup/ptk',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request: autocannon.Request) => {
      const who = identities[next++ % identities.length]!;
      return {
        ...request,
        path: `/belajar-id/account-lookup/v1/lookup/${who.type}`,
        body: JSON.stringify({
          npsn: who.npsn,
          name: who.name,
          birthDate: who.birthDate,
          motherName: who.motherName,
        }),
      };
    },
  };

  // Warm both paths (JIT, pools, caches) before measuring.
  await run({ url: `${base}/healthz`, connections, duration: 3 });
  await run({ url: base, connections, duration: 3, requests: [lookupRequest] });

  const hello = await run({ url: `${base}/healthz`, connections, duration: seconds });
  const lookup = await run({
    url: base,
    connections,
    duration: seconds,
    requests: [lookupRequest],
  });
  const fixed = await run({
    url: base,
    connections,
    duration: seconds,
    overallRate: GOALS.fixedRate,
    requests: [lookupRequest],
  });

  const ok = (r: autocannon.Result) => r['2xx'];
  const ratio = lookup.requests.average / hello.requests.average;
  console.log(
    `\nAccount lookup benchmark: ${people.toLocaleString('en')} people in PostgreSQL, ${identities.length} distinct identities`,
  );
  console.log(
    'Bot check: OFF for this run (BOT_CHECK=off); rate limits raised out of the way; audit rows written as in production.',
  );
  console.log(
    `${connections} connections, ${seconds} s per run, server and load generator on the same 2-core machine\n`,
  );
  const row = (label: string, r: autocannon.Result) =>
    console.log(
      `${label.padEnd(34)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   2xx ${ok(r)}  non-2xx ${r.non2xx}  errors ${r.errors}`,
    );
  row('hello-world (/healthz)', hello);
  row('lookup, as fast as it goes', lookup);
  row(`lookup at ${GOALS.fixedRate} req/s`, fixed);
  console.log(
    `\nlookup / hello-world = ${ratio.toFixed(2)} (goal >= ${GOALS.ratioOfHelloWorld}: ${ratio >= GOALS.ratioOfHelloWorld ? 'met' : 'NOT met'})`,
  );
  console.log(
    `p99 at ${GOALS.fixedRate} req/s = ${fixed.latency.p99} ms (goal < ${GOALS.p99AtFixedRateMs} ms: ${fixed.latency.p99 < GOALS.p99AtFixedRateMs ? 'met' : 'NOT met'})`,
  );
  if (lookup.non2xx > 0 || fixed.non2xx > 0)
    console.log('Note: some lookups did not answer 2xx (see counts above).');
} finally {
  await stopServer(server);
  if (!values.keep && !values.database)
    await query(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
