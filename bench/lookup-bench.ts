import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  DEFAULT_ADMIN_URL,
  freePort,
  paced,
  type Paced,
  query,
  seededDatabase,
  startServer,
  stopServer,
} from './bench-support';
import { layerCosts, type LayerCosts } from './cpu-profile-layers';

// `npm run bench:lookup [-- --people N --seconds S --rounds R --beside M --keep]`: the account lookup against a
// registry of N people (default 1,000,000) in PostgreSQL, driven by autocannon, beside the floor
// (bench/lookup-floor-server.ts: the same statement behind a bare Fastify) in the same run, with
// the main thread's time per lookup split by the layer the portal adds (headers, logging,
// validation, rate limits, hashes, token, audit); with `--beside M`, the steady latency beside the
// same portal on a registry of M people, in alternating rounds. The bot check is off for the run (a proof of
// work per request would measure the client's CPU, not the server's).

const GOALS = {
  ratioOfFloor: 0.6,
  observedRatioOfFloor: 0.55,
  p99AtFixedRateMs: 25,
  fixedRate: 500,
};

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    database: { type: 'string' },
    beside: { type: 'string' },
    keep: { type: 'boolean', default: false },
    // Also the portal with metrics on, and with metrics and traces to a local OTLP sink.
    observed: { type: 'boolean', default: false },
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
  // A spread of real people: random rows, each with a school they belong to. People the
  // registry has no birth date for cannot be looked up (the form asks for it): left out.
  return query<Identity>(
    databaseUrl,
    `SELECT p.kind AS type, m.npsn, p.full_name AS name, to_char(p.birth_date, 'YYYY-MM-DD') AS "birthDate",
            p.mother_name AS "motherName"
     FROM people p TABLESAMPLE SYSTEM (2)
     JOIN LATERAL (SELECT npsn FROM school_memberships WHERE person_id = p.id LIMIT 1) m ON true
     WHERE p.kind IN ('ptk', 'pd') AND p.birth_date IS NOT NULL
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

function median(rounds: Measured[]): Measured {
  const sorted = [...rounds].sort((a, b) => a.result.requests.average - b.result.requests.average);
  return sorted[Math.floor(sorted.length / 2)]!;
}

type Target = { label: string; base: string; pid: number };
type Alternated = { hello: Measured[]; lookup: Measured[] };

/**
 * Hello-world and lookup on each target, warmed, then alternating in short rounds across the
 * targets: the machine is shared, so a burst of other work weighs on all alike, and each figure
 * is the median of its rounds.
 */
async function alternate(
  targets: Target[],
  lookupRequest: autocannon.Request,
): Promise<Map<string, Alternated>> {
  const measured = new Map(targets.map((t) => [t.label, { hello: [], lookup: [] } as Alternated]));
  // Warm both paths (JIT, pools, caches) before measuring.
  for (const { base } of targets) {
    await run({ url: `${base}/healthz`, connections, duration: 3 });
    await run({ url: base, connections, duration: 3, requests: [lookupRequest] });
  }
  for (let round = 0; round < rounds; round += 1) {
    for (const { label, base, pid } of targets) {
      const into = measured.get(label)!;
      into.hello.push(
        await measure(pid, () => run({ url: `${base}/healthz`, connections, duration: seconds })),
      );
      into.lookup.push(
        await measure(pid, () =>
          run({ url: base, connections, duration: seconds, requests: [lookupRequest] }),
        ),
      );
    }
  }
  return measured;
}

/** The monotonic clock in microseconds: the clock of V8's profile timestamps on Linux. */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/**
 * The main thread's time per lookup by layer: the server started alone with V8's sampling
 * profiler, warmed, then driven by lookups as fast as they go for `seconds`.
 */
async function profileLayers(
  databaseUrl: string,
  script: string | undefined,
  lookupRequest: autocannon.Request,
): Promise<LayerCosts> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lookup-profile-'));
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const args = ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=250'];
    const server = await startServer(databaseUrl, port, args, script);
    let from = 0;
    let to = 0;
    let answered = 0;
    try {
      await run({ url: base, connections, duration: 3, requests: [lookupRequest] });
      from = monotonicMicros();
      const result = await run({
        url: base,
        connections,
        duration: seconds,
        requests: [lookupRequest],
      });
      to = monotonicMicros();
      answered = result['2xx'] + result.non2xx;
    } finally {
      await stopServer(server); // the profile is written as the process exits
    }
    const [file] = readdirSync(dir);
    if (!file) throw new Error('the server wrote no CPU profile');
    return layerCosts(path.join(dir, file), { from, to }, answered);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const benchUrl = await seededDatabase(adminUrl, name, people);

/** Lookups of real people of the registry at `databaseUrl`, each request another person. */
async function lookupsOf(databaseUrl: string) {
  const identities = await sampleIdentities(databaseUrl);
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
  const request = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    setupRequest: (base: autocannon.Request) => ({ ...base, ...asks[next++ % asks.length]! }),
  };
  return { count: identities.length, request };
}

type SizeRounds = { people: number; rounds: Paced[] };

/** An OTLP/HTTP endpoint on loopback that answers every export and only counts it. */
async function startOtlpSink() {
  let requests = 0;
  let bytes = 0;
  const sinkServer = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      requests += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => sinkServer.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    bytes: () => bytes,
    close: () => sinkServer.close(),
  };
}

/**
 * The steady-rate latency of the portal on this registry and on one of `besidePeople`, in
 * alternating rounds with both servers up, so that the machine's other work weighs on both.
 */
async function compareSizes(
  base: string,
  request: autocannon.Request,
  besidePeople: number,
): Promise<SizeRounds[]> {
  const otherUrl = await seededDatabase(adminUrl, `lookup_bench_${besidePeople}`, besidePeople);
  const other = await lookupsOf(otherUrl);
  const otherPort = await freePort();
  const otherServer = await startServer(otherUrl, otherPort);
  const otherBase = `http://127.0.0.1:${otherPort}`;
  try {
    await run({ url: otherBase, connections, duration: 3, requests: [other.request] });
    const sizes: SizeRounds[] = [
      { people, rounds: [] },
      { people: besidePeople, rounds: [] },
    ];
    for (let round = 0; round < rounds; round += 1) {
      sizes[0]!.rounds.push(await paced(base, connections, GOALS.fixedRate, seconds, request));
      sizes[1]!.rounds.push(
        await paced(otherBase, connections, GOALS.fixedRate, seconds, other.request),
      );
    }
    return sizes;
  } finally {
    await stopServer(otherServer);
  }
}

const { count: identityCount, request: lookupRequest } = await lookupsOf(benchUrl);
const FLOOR_SCRIPT = 'bench/lookup-floor-server.ts';
const portalPort = await freePort();
const floorPort = await freePort();
const portalBase = `http://127.0.0.1:${portalPort}`;
// The portal and the floor run side by side, idle but for the rounds sent to them.
const server = await startServer(benchUrl, portalPort);
const floorServer = await startServer(benchUrl, floorPort, [], FLOOR_SCRIPT);
// With --observed: the same portal with metrics on, and with metrics and traces exported to a
// sink in this process that only counts what it receives (a collector's work is not the portal's).
const sink = values.observed ? await startOtlpSink() : undefined;
const observed: { label: string; env: Record<string, string> }[] = sink
  ? [
      { label: 'portal + metrics', env: { METRICS_PORT: String(await freePort()) } },
      {
        label: 'portal + metrics + traces',
        env: {
          METRICS_PORT: String(await freePort()),
          OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
        },
      },
      // What production runs at national scale (docs/operations.md): a tenth of the traces.
      {
        label: 'portal + metrics + 10 % traced',
        env: {
          METRICS_PORT: String(await freePort()),
          OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
          OTEL_TRACES_SAMPLER_ARG: '0.1',
        },
      },
    ]
  : [];
const observedServers = await Promise.all(
  observed.map(async (variant) => {
    const port = await freePort();
    const child = await startServer(benchUrl, port, [], undefined, variant.env);
    return { ...variant, port, child };
  }),
);
try {
  const alternated = await alternate(
    [
      { label: 'portal', base: portalBase, pid: server.pid! },
      ...observedServers.map(({ label, port, child }) => ({
        label,
        base: `http://127.0.0.1:${port}`,
        pid: child.pid!,
      })),
      { label: 'floor', base: `http://127.0.0.1:${floorPort}`, pid: floorServer.pid! },
    ],
    lookupRequest,
  );
  const observedFigures = await Promise.all(
    observedServers.map(async ({ label, env }) => {
      const text = await fetch(`http://127.0.0.1:${env.METRICS_PORT}/metrics`).then((r) =>
        r.text(),
      );
      const counted = [
        ...text.matchAll(
          /^portal_http_request_duration_seconds_count\{[^}]*route="\/belajar-id\/account-lookup\/v1\/lookup\/(?:ptk|pd)"[^}]*\} (\d+)/gm,
        ),
      ].reduce((sum, match) => sum + Number(match[1]), 0);
      return { label, counted };
    }),
  );
  for (const { child } of observedServers) await stopServer(child);
  const portalRounds = alternated.get('portal')!;
  const floorRounds = alternated.get('floor')!;
  await stopServer(floorServer);
  const steadyCpuBefore = cpuMicros(server.pid!);
  const steady = await paced(
    portalBase,
    connections,
    GOALS.fixedRate,
    seconds * rounds,
    lookupRequest,
  );
  const steadyMicros =
    (cpuMicros(server.pid!) - steadyCpuBefore) /
    Math.max(steady.requestsPerSecond * seconds * rounds, 1);
  const fixed = await measure(server.pid!, () =>
    run({
      url: portalBase,
      connections,
      duration: seconds * rounds,
      overallRate: GOALS.fixedRate,
      requests: [lookupRequest],
    }),
  );
  const besidePeople = values.beside ? Number(values.beside.replaceAll('_', '')) : undefined;
  const sizes = besidePeople
    ? await compareSizes(portalBase, lookupRequest, besidePeople)
    : undefined;
  await stopServer(server);
  const portalLayers = await profileLayers(benchUrl, undefined, lookupRequest);
  const floorLayers = await profileLayers(benchUrl, FLOOR_SCRIPT, lookupRequest);

  console.log(
    `\nAccount lookup benchmark: ${people.toLocaleString('en')} people in PostgreSQL, ${identityCount} distinct identities`,
  );
  console.log(
    'Bot check: OFF for this run (BOT_CHECK=off); rate limits raised out of the way (counted in memory, no Redis); audit rows written as in production.',
  );
  console.log(
    `${connections} connections; the portal and the floor (bench/lookup-floor-server.ts: a bare Fastify with the same statement and nothing else) run side by side, hello-world and lookup alternating in ${rounds} rounds of ${seconds} s (median shown); servers, PostgreSQL and load generator on the same machine (${cpus().length} cores)\n`,
  );
  const row = (label: string, { result, serverMicrosPerRequest }: Measured) =>
    console.log(
      `${label.padEnd(30)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   server CPU ${serverMicrosPerRequest.toFixed(0).padStart(4)} µs/req   2xx ${result['2xx']}  non-2xx ${result.non2xx}  errors ${result.errors}`,
    );
  for (let round = 0; round < rounds; round += 1) {
    row(`hello-world (/healthz) #${round + 1}`, portalRounds.hello[round]!);
    row(`lookup, as fast as it goes #${round + 1}`, portalRounds.lookup[round]!);
    row(`floor: hello-world #${round + 1}`, floorRounds.hello[round]!);
    row(`floor: lookup #${round + 1}`, floorRounds.lookup[round]!);
  }
  row(`lookup, ${GOALS.fixedRate} req/s in bursts`, fixed);
  console.log(
    `${`lookup, steady ${GOALS.fixedRate} req/s`.padEnd(30)} ${steady.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${steady.p50.toFixed(1).padStart(4)} ms   p99 ${steady.p99.toFixed(1).padStart(4)} ms   server CPU ${steadyMicros.toFixed(0).padStart(4)} µs/req   max ${steady.max.toFixed(0)} ms  non-2xx ${steady.non2xx}`,
  );
  console.log(
    `("in bursts": autocannon's overallRate, each connection sending its second's quota at once; "steady": ${connections} paced connections started evenly across the second)`,
  );

  const rate = (rounds: Measured[]) => median(rounds).result.requests.average;
  const ofFloor = rate(portalRounds.lookup) / rate(floorRounds.lookup);
  console.log(
    `\nportal lookup / floor lookup (medians ${rate(portalRounds.lookup).toFixed(0)} / ${rate(floorRounds.lookup).toFixed(0)} req/s) = ${ofFloor.toFixed(2)} (goal >= ${GOALS.ratioOfFloor}: ${ofFloor >= GOALS.ratioOfFloor ? 'met' : 'NOT met'})`,
  );
  console.log(
    `p99 at a steady ${GOALS.fixedRate} req/s = ${steady.p99.toFixed(1)} ms (goal < ${GOALS.p99AtFixedRateMs} ms: ${steady.p99 < GOALS.p99AtFixedRateMs ? 'met' : 'NOT met'}); in bursts of ${GOALS.fixedRate}: ${fixed.result.latency.p99} ms`,
  );
  for (const { label } of observedServers) {
    const ratio = rate(alternated.get(label)!.lookup) / rate(floorRounds.lookup);
    const cost = 1 - rate(alternated.get(label)!.lookup) / rate(portalRounds.lookup);
    console.log(
      `${label} / floor lookup (median ${rate(alternated.get(label)!.lookup).toFixed(0)} req/s) = ${ratio.toFixed(2)} (goal >= ${GOALS.observedRatioOfFloor}: ${ratio >= GOALS.observedRatioOfFloor ? 'met' : 'NOT met'}); ${(cost * 100).toFixed(1)} % fewer lookups than the plain portal`,
    );
  }
  for (const { label, counted } of observedFigures)
    console.log(`${label}: its /metrics counted ${counted.toLocaleString('en')} lookups`);
  if (sink)
    console.log(
      `OTLP sink: ${sink.requests()} exports, ${(sink.bytes() / 1e6).toFixed(1)} MB of spans received`,
    );
  if (sizes) {
    console.log(
      `\nThe same portal on two registries, both up, steady ${GOALS.fixedRate} req/s in alternating rounds of ${seconds} s:`,
    );
    const middle = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    for (const { people: size, rounds: sized } of sizes) {
      console.log(
        `${`${size.toLocaleString('en')} people`.padEnd(20)} p50 ${sized.map((r) => r.p50.toFixed(1)).join(' / ')} ms   p99 ${sized.map((r) => r.p99.toFixed(1)).join(' / ')} ms   non-2xx ${sized.reduce((n, r) => n + r.non2xx, 0)}`,
      );
    }
    const [here, beside] = sizes.map(({ rounds: sized }) => ({
      p50: middle(sized.map((r) => r.p50)),
      p99: middle(sized.map((r) => r.p99)),
    }));
    const [large, small] = people > besidePeople! ? [here!, beside!] : [beside!, here!];
    const ratio = large.p99 / small.p99;
    console.log(
      `larger / smaller registry, medians of the rounds: p50 ${(large.p50 / small.p50).toFixed(2)}, p99 ${ratio.toFixed(2)} (goal p99 <= 1.3: ${ratio <= 1.3 ? 'met' : 'NOT met'})`,
    );
  }
  console.log(
    `for context, each against its own hello-world: portal ${(rate(portalRounds.lookup) / rate(portalRounds.hello)).toFixed(2)}, floor ${(rate(floorRounds.lookup) / rate(floorRounds.hello)).toFixed(2)}`,
  );

  console.log(
    `\nThe main thread's time per lookup by layer (V8 sampling profile, each server alone, ${seconds} s of lookups as fast as they go):`,
  );
  console.log(`${'layer'.padEnd(36)} ${'portal µs'.padStart(10)} ${'floor µs'.padStart(10)}`);
  let portalTotal = 0;
  let floorTotal = 0;
  for (const [layer, micros] of portalLayers.layers) {
    const floorMicros = floorLayers.layers.get(layer) ?? 0;
    portalTotal += layer === 'idle' ? 0 : micros;
    floorTotal += layer === 'idle' ? 0 : floorMicros;
    console.log(
      `${layer.padEnd(36)} ${micros.toFixed(1).padStart(10)} ${floorMicros.toFixed(1).padStart(10)}`,
    );
  }
  console.log(
    `${'busy in all'.padEnd(36)} ${portalTotal.toFixed(1).padStart(10)} ${floorTotal.toFixed(1).padStart(10)}`,
  );
  // What the last row holds, by whose code ran innermost: where the portal's extra goes there.
  const owners = new Set([...portalLayers.rest.keys(), ...floorLayers.rest.keys()]);
  const ranked = [...owners]
    .map((owner) => ({
      owner,
      portal: portalLayers.rest.get(owner) ?? 0,
      floor: floorLayers.rest.get(owner) ?? 0,
    }))
    .sort((a, b) => b.portal - b.floor - (a.portal - a.floor))
    .slice(0, 12);
  console.log(
    '\n"HTTP, Fastify and the rest" by innermost code, the largest portal-over-floor first:',
  );
  for (const { owner, portal, floor } of ranked) {
    console.log(
      `  ${owner.slice(-60).padEnd(60)} ${portal.toFixed(1).padStart(8)} ${floor.toFixed(1).padStart(8)}`,
    );
  }
  console.log(
    `machine load average during the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (
    [...portalRounds.lookup, ...floorRounds.lookup].some((round) => round.result.non2xx > 0) ||
    fixed.result.non2xx > 0 ||
    steady.non2xx > 0
  ) {
    const statuses: Record<string, number> = {};
    for (const round of [...portalRounds.lookup, fixed]) {
      for (const [code, { count }] of Object.entries(round.result.statusCodeStats ?? {})) {
        statuses[code] = (statuses[code] ?? 0) + (count ?? 0);
      }
    }
    console.log(
      `Note: some lookups did not answer 2xx (see counts above); the portal's statuses: ${JSON.stringify(statuses)}`,
    );
  }
} finally {
  await stopServer(server);
  await stopServer(floorServer);
  for (const { child } of observedServers) await stopServer(child);
  sink?.close();
  if (!values.keep && !values.database)
    await query(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
