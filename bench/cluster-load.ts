import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startCluster } from '../scripts/cluster';
import { freePort } from '../scripts/free-port';
import { DEFAULT_ADMIN_URL, query, seededDatabase } from './bench-support';

// `npm run bench:load [-- --seconds 600 --rate 300 --instances 2 --people 100000]`:
// mixed traffic (page loads, the remote configuration, lookups, reset lookups) through nginx at a
// steady rate to several instances on PostgreSQL and Redis; prints the answers by status, the
// latency p50/p99 and each instance's memory (RSS) over the run. The bot check is off and the
// limits out of the way: what is measured is the portal, not the generator's proof of work.

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '600' },
    rate: { type: 'string', default: '300' },
    instances: { type: 'string', default: '2' },
    people: { type: 'string', default: '100000' },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const instanceCount = Number(values.instances);
const people = Number(values.people.replaceAll('_', ''));
const repoRoot = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

type Identity = {
  type: 'ptk' | 'pd';
  npsn: string;
  name: string;
  birthDate: string;
  motherName: string;
  accountEmail: string;
};

const rssMb = (pid: number): number => {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : 0;
};

const databaseUrl = await seededDatabase(adminUrl, `cluster_load_${people}`, people);
const identities = await query<Identity>(
  databaseUrl,
  `SELECT p.kind AS type, m.npsn, p.full_name AS name,
          to_char(p.birth_date, 'YYYY-MM-DD') AS "birthDate", p.mother_name AS "motherName",
          a.email AS "accountEmail"
   FROM people p TABLESAMPLE SYSTEM (20)
   JOIN LATERAL (SELECT npsn FROM school_memberships WHERE person_id = p.id LIMIT 1) m ON true
   JOIN learning_accounts a ON a.person_id = p.id
   WHERE p.kind IN ('ptk', 'pd') AND p.birth_date IS NOT NULL
   LIMIT 5000`,
);
if (identities.length === 0) throw new Error('no identities with an account to look up');

execFileSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
  cwd: repoRoot,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production' },
});
const [port, ...instancePorts] = await Promise.all(
  Array.from({ length: instanceCount + 1 }, () => freePort()),
);
const cluster = await startCluster({
  port: port!,
  instancePorts,
  databaseUrl,
  redisUrl,
  stdout: 'ignore',
  env: {
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    BOT_CHECK: 'off',
    LOG_LEVEL: 'warn',
    LOOKUP_LIMIT_PER_IP_PER_MINUTE: '100000000',
    LOOKUP_LIMIT_PER_TARGET_PER_HOUR: '100000000',
  },
});
const memory: number[][] = [];
try {
  const sample = () => memory.push(cluster.instancePids.map(rssMb));
  sample();
  const sampler = setInterval(sample, 10_000);

  let next = 0;
  const identity = () => identities[next++ % identities.length]!;
  const json = { 'content-type': 'application/json' };
  // Of every ten requests: four page loads, one remote configuration, three lookups, two reset
  // lookups (the shares of a visit: a page, its configuration, then a form).
  const requests: autocannon.Request[] = [
    { method: 'GET', path: '/' },
    { method: 'GET', path: '/faq' },
    { method: 'GET', path: '/account/lookup/v2' },
    { method: 'GET', path: '/resources' },
    { method: 'GET', path: '/belajar-id/remote-config/v1/config' },
    ...Array.from({ length: 3 }, () => ({
      method: 'POST' as const,
      headers: json,
      setupRequest: (request: autocannon.Request) => {
        const person = identity();
        return {
          ...request,
          path: `/belajar-id/account-lookup/v1/lookup/${person.type}`,
          body: JSON.stringify({
            npsn: person.npsn,
            name: person.name,
            birthDate: person.birthDate,
            motherName: person.motherName,
          }),
        };
      },
    })),
    ...Array.from({ length: 2 }, () => ({
      method: 'POST' as const,
      path: '/belajar-id/account-lookup/v1/lookup/self-reset-password/verify',
      headers: json,
      setupRequest: (request: autocannon.Request) => {
        const person = identity();
        return {
          ...request,
          body: JSON.stringify({ belajaridEmail: person.accountEmail, dob: person.birthDate }),
        };
      },
    })),
  ];
  console.log(
    `load: ${rate} requests/s for ${seconds} s through nginx to ${instanceCount} instances (${people.toLocaleString('en')} people, load average ${loadavg()[0]!.toFixed(1)})`,
  );
  const result = await autocannon({
    url: cluster.url,
    connections: 64,
    overallRate: rate,
    duration: seconds,
    requests,
  });
  clearInterval(sampler);
  sample();
  const statuses: Record<string, number> = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat?.count ?? 0]),
  );
  const serverErrors = Object.entries(statuses)
    .filter(([code]) => Number(code) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  console.log(`  answers by status: ${JSON.stringify(statuses)}`);
  console.log(
    `  ${(result.requests.total / seconds).toFixed(0)} requests/s achieved; errors ${result.errors}, timeouts ${result.timeouts}, 5xx ${serverErrors}`,
  );
  console.log(
    `  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  for (let i = 0; i < instanceCount; i += 1) {
    const series = memory.map((row) => row[i] ?? 0);
    const warm = series[Math.min(6, series.length - 1)]!;
    console.log(
      `  instance ${i + 1} RSS: ${series[0]!.toFixed(0)} MB at start, ${warm.toFixed(0)} MB after a minute, ${series.at(-1)!.toFixed(0)} MB at the end (max ${Math.max(...series).toFixed(0)} MB)`,
    );
  }
} finally {
  await cluster.stop();
}
