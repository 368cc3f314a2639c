import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
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

// `npm run bench:lookup [-- --people N --seconds S --rounds R --keep]`: the account lookup against a
// registry of N people (default 1,000,000) in PostgreSQL, driven by autocannon, beside the same
// server's hello-world (/healthz) measured in the same run. The bot check is off for the run
// (a proof of work per request would measure the client's CPU, not the server's).

const GOALS = { ratioOfHelloWorld: 0.5, p99AtFixedRateMs: 25, fixedRate: 500 };

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    database: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const people = Number(values.people.replaceAll('_', ''));
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
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

/** CPU time (user + system, all threads) the process has used so far, in microseconds. */
function cpuMicros(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name's closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}
const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString());

type Measured = { result: autocannon.Result; serverMicrosPerRequest: number };

/** A run with the server's own CPU time per answered request beside it. */
async function measure(
  serverPid: number,
  drive: () => Promise<autocannon.Result>,
): Promise<Measured> {
  const before = cpuMicros(serverPid);
  const result = await drive();
  const answered = result['2xx'] + result.non2xx;
  return {
    result,
    serverMicrosPerRequest: (cpuMicros(serverPid) - before) / Math.max(answered, 1),
  };
}

type Paced = { requestsPerSecond: number; p50: number; p99: number; max: number; non2xx: number };

/**
 * A steady arrival rate. autocannon's own `overallRate` lets each connection send its quota for
 * the second back to back at the start of the second, so "500 req/s" arrives as one burst of
 * 500 at a concurrency of `connections` and then nothing: its p99 is that of a burst. Here each
 * connection is its own autocannon instance with its share of the rate, the instances started
 * evenly across the second, so arrivals spread over it as independent visitors' would. Latency
 * percentiles come from every response, across instances.
 */
async function paced(
  url: string,
  connectionCount: number,
  rate: number,
  durationSeconds: number,
  request: autocannon.Request,
): Promise<Paced> {
  const durations: number[] = [];
  let non2xx = 0;
  const instances: Promise<autocannon.Result>[] = [];
  for (let i = 0; i < connectionCount; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000 / connectionCount));
    const instance = autocannon(
      {
        url,
        connections: 1,
        overallRate: rate / connectionCount,
        duration: durationSeconds,
        requests: [request],
      },
      () => undefined,
    );
    instance.on('response', (_client, statusCode: number, _bytes, milliseconds: number) => {
      if (statusCode >= 200 && statusCode < 300) durations.push(milliseconds);
      else non2xx += 1;
    });
    instances.push(
      new Promise((resolve, reject) => {
        instance.on('done', resolve);
        instance.on('error', reject);
      }),
    );
  }
  await Promise.all(instances);
  durations.sort((a, b) => a - b);
  const at = (q: number) =>
    durations[Math.min(durations.length - 1, Math.floor(q * durations.length))] ?? NaN;
  return {
    // Each instance keeps its share of the rate for the whole duration, staggered start aside.
    requestsPerSecond: (durations.length + non2xx) / durationSeconds,
    p50: at(0.5),
    p99: at(0.99),
    max: durations.at(-1) ?? NaN,
    non2xx,
  };
}

function median(rounds: Measured[]): Measured {
  const sorted = [...rounds].sort((a, b) => a.result.requests.average - b.result.requests.average);
  return sorted[Math.floor(sorted.length / 2)]!;
}

type Alternated = { hello: Measured[]; lookup: Measured[] };

/**
 * Hello-world and lookup on the server at `base`, warmed, then alternating in short rounds: the
 * machine is shared, so a burst of other work weighs on both alike, and each figure is the median
 * of its rounds.
 */
async function alternate(
  base: string,
  pid: number,
  lookupRequest: autocannon.Request,
): Promise<Alternated> {
  // Warm both paths (JIT, pools, caches) before measuring.
  await run({ url: `${base}/healthz`, connections, duration: 3 });
  await run({ url: base, connections, duration: 3, requests: [lookupRequest] });
  const measured: Alternated = { hello: [], lookup: [] };
  for (let round = 0; round < rounds; round += 1) {
    measured.hello.push(
      await measure(pid, () => run({ url: `${base}/healthz`, connections, duration: seconds })),
    );
    measured.lookup.push(
      await measure(pid, () =>
        run({ url: base, connections, duration: seconds, requests: [lookupRequest] }),
      ),
    );
  }
  return measured;
}

const benchUrl = await seededDatabase(adminUrl, name, people);
const identities = await sampleIdentities(benchUrl);
if (identities.length === 0) throw new Error('no identities sampled');
// Paths and bodies are built before the clock starts: the load generator shares the server's
// cores, and every microsecond it spends per request is taken from the server.
const asks = identities.map((who) => ({
  path: `/belajar-id/account-lookup/v1/lookup/${who.type}`,
  body: JSON.stringify({
    npsn: who.npsn,
    name: who.name,
    birthDate: who.birthDate,
    motherName: who.motherName,
  }),
}));
let next = 0;
const lookupRequest = {
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  setupRequest: (request: autocannon.Request) => ({
    ...request,
    ...asks[next++ % asks.length]!,
  }),
};
const port = await freePort();
const server = await startServer(benchUrl, port);
const serverPid = server.pid!;
try {
  const base = `http://127.0.0.1:${port}`;
  const { hello: helloRounds, lookup: lookupRounds } = await alternate(
    base,
    serverPid,
    lookupRequest,
  );
  const hello = median(helloRounds);
  const lookup = median(lookupRounds);
  const steadyCpuBefore = cpuMicros(serverPid);
  const steady = await paced(base, connections, GOALS.fixedRate, seconds * rounds, lookupRequest);
  const steadyMicros =
    (cpuMicros(serverPid) - steadyCpuBefore) /
    Math.max(steady.requestsPerSecond * seconds * rounds, 1);
  const fixed = await measure(serverPid, () =>
    run({
      url: base,
      connections,
      duration: seconds * rounds,
      overallRate: GOALS.fixedRate,
      requests: [lookupRequest],
    }),
  );
  await stopServer(server);

  // The floor: the same statement behind a bare Fastify, on the same machine, right after.
  const floorServer = await startServer(benchUrl, port, [], 'bench/lookup-floor-server.ts');
  let floor: Alternated;
  try {
    floor = await alternate(base, floorServer.pid!, lookupRequest);
  } finally {
    await stopServer(floorServer);
  }

  const ratio = lookup.result.requests.average / hello.result.requests.average;
  console.log(
    `\nAccount lookup benchmark: ${people.toLocaleString('en')} people in PostgreSQL, ${identities.length} distinct identities`,
  );
  console.log(
    'Bot check: OFF for this run (BOT_CHECK=off); rate limits raised out of the way; audit rows written as in production.',
  );
  console.log(
    `${connections} connections; hello-world and lookup alternate in ${rounds} rounds of ${seconds} s (median shown); server, PostgreSQL and load generator on the same machine (${cpus().length} cores)\n`,
  );
  const row = (label: string, { result, serverMicrosPerRequest }: Measured) =>
    console.log(
      `${label.padEnd(30)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   server CPU ${serverMicrosPerRequest.toFixed(0).padStart(4)} µs/req   2xx ${result['2xx']}  non-2xx ${result.non2xx}  errors ${result.errors}`,
    );
  helloRounds.forEach((round, i) => row(`hello-world (/healthz) #${i + 1}`, round));
  lookupRounds.forEach((round, i) => row(`lookup, as fast as it goes #${i + 1}`, round));
  row(`lookup, ${GOALS.fixedRate} req/s in bursts`, fixed);
  console.log(
    `${`lookup, steady ${GOALS.fixedRate} req/s`.padEnd(30)} ${steady.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${steady.p50.toFixed(1).padStart(4)} ms   p99 ${steady.p99.toFixed(1).padStart(4)} ms   server CPU ${steadyMicros.toFixed(0).padStart(4)} µs/req   max ${steady.max.toFixed(0)} ms  non-2xx ${steady.non2xx}`,
  );
  console.log(
    `("in bursts": autocannon's overallRate, each connection sending its second's quota at once; "steady": ${connections} paced connections started evenly across the second)`,
  );
  console.log(
    `\nlookup / hello-world (medians ${lookup.result.requests.average.toFixed(0)} / ${hello.result.requests.average.toFixed(0)} req/s) = ${ratio.toFixed(2)} (goal >= ${GOALS.ratioOfHelloWorld}: ${ratio >= GOALS.ratioOfHelloWorld ? 'met' : 'NOT met'})`,
  );
  console.log(
    `p99 at a steady ${GOALS.fixedRate} req/s = ${steady.p99.toFixed(1)} ms (goal < ${GOALS.p99AtFixedRateMs} ms: ${steady.p99 < GOALS.p99AtFixedRateMs ? 'met' : 'NOT met'}); in bursts of ${GOALS.fixedRate}: ${fixed.result.latency.p99} ms`,
  );
  console.log(
    '\nThe floor, measured right after on the same machine: a bare Fastify that answers the lookup with the same statement and nothing else (bench/lookup-floor-server.ts)',
  );
  floor.hello.forEach((round, i) => row(`floor: hello-world #${i + 1}`, round));
  floor.lookup.forEach((round, i) => row(`floor: lookup #${i + 1}`, round));
  const floorHello = median(floor.hello).result.requests.average;
  const floorLookup = median(floor.lookup).result.requests.average;
  console.log(
    `floor: lookup / hello-world (medians ${floorLookup.toFixed(0)} / ${floorHello.toFixed(0)} req/s) = ${(floorLookup / floorHello).toFixed(2)}`,
  );
  console.log(
    `machine load average during the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (
    [...lookupRounds, ...floor.lookup].some((round) => round.result.non2xx > 0) ||
    fixed.result.non2xx > 0 ||
    steady.non2xx > 0
  )
    console.log('Note: some lookups did not answer 2xx (see counts above).');
} finally {
  await stopServer(server);
  if (!values.keep && !values.database)
    await query(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
