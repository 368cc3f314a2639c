/**
 * `npm run start:cluster`: several API instances on a PostgreSQL pair and the machine's Redis behind
 * nginx on loopback, requests spread round robin, and Debian's Prometheus scraping
 * each instance's metrics port with the alert rules of deploy/prometheus. Installs
 * Debian's nginx and prometheus when missing, builds the web app, applies the migrations once,
 * starts the instances, nginx and Prometheus, and stops them all on Ctrl-C.
 *
 *   CLUSTER_INSTANCES=3 CLUSTER_PORT=8080 CLUSTER_PROMETHEUS_PORT=9090 \
 *     DATABASE_URL=... REDIS_URL=... npm run start:cluster
 *
 * By default on a private PostgreSQL primary with a streaming standby (scripts/replica-pair.ts,
 * decision 0281), the statistics and console lists reading from the standby; the pair and its
 * data are removed on Ctrl-C. The machine's PostgreSQL allows no replication, so DATABASE_URL
 * is used only with `CLUSTER_REPLICA=0` (or without PostgreSQL's server binaries).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startCluster } from './cluster';
import { postgresBinaries, startReplicaPair } from './replica-pair';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const instances = Number(process.env['CLUSTER_INSTANCES'] ?? 2);
const port = Number(process.env['CLUSTER_PORT'] ?? 8080);
const prometheusPort = Number(process.env['CLUSTER_PROMETHEUS_PORT'] ?? 9090);
// On a streaming pair unless told not to (or PostgreSQL's server binaries are missing).
const withReplica =
  !['0', 'false'].includes(process.env['CLUSTER_REPLICA'] ?? '') &&
  postgresBinaries() !== undefined;

execFileSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
if (withReplica) console.log('cluster: starting a private PostgreSQL primary and its standby');
const pair = withReplica ? await startReplicaPair() : undefined;
const cluster = await startCluster({
  port,
  instancePorts: Array.from({ length: instances }, (_, i) => port + 1 + i),
  databaseUrl:
    pair?.primaryUrl ??
    process.env['DATABASE_URL'] ??
    'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
  prometheusPort,
  env: pair ? { DATABASE_REPLICA_URL: pair.standbyUrl } : {},
}).catch(async (error: unknown) => {
  await pair?.stop();
  throw error;
});
console.log(`cluster: ${instances} instances behind nginx at ${cluster.url}`);
if (pair) {
  console.log(
    `cluster: primary ${pair.primaryUrl}, standby ${pair.standbyUrl} (in ${pair.folder})`,
  );
}
console.log(`cluster: metrics at ${cluster.metricsUrls.join(', ')}`);
console.log(`cluster: Prometheus at ${cluster.prometheusUrl} (targets: /targets, alerts: /alerts)`);

const stop = () => {
  void cluster
    .stop()
    .then(() => pair?.stop())
    .then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
