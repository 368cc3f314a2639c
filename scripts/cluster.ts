import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';
import { ensureNginx, writeNginxConfig } from './nginx';
import { ensurePrometheus, startPrometheus } from './prometheus';

// Several API instances behind nginx on this machine: `npm run start:cluster` and the
// browser journeys of apps/web/e2e/cluster.e2e.ts start them the same way.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// The pinned Node with tsx as a loader: one process per instance, so its PID is the server's.
const node = path.join(repoRoot, 'node_modules/.bin/node');
const runTs = (script: string) => ['--import', 'tsx', script];
// closeWithGrace in server.ts gives requests in flight this long less a little.
const STOP_GRACE_MS = 15_000;
// Within a test hook's time, so that a start that hangs still stops what it started.
const START_LIMIT_MS = 180_000;

export type ClusterOptions = {
  /** nginx's port on loopback; the public address is `http://127.0.0.1:<port>`. */
  port: number;
  /** One API instance on each of these loopback ports, in nginx's round-robin order. */
  instancePorts: number[];
  databaseUrl: string;
  redisUrl: string;
  /** Settings of every instance on top of this process's environment (WEB_BUILD_DIR, ...). */
  env?: NodeJS.ProcessEnv;
  /** Whether nginx names the instance that answered, for a test to count the spread. */
  nameInstances?: boolean;
  /**
   * Debian's Prometheus on this loopback port, scraping every instance's metrics port (each
   * instance gets one, never behind nginx); none when absent.
   */
  prometheusPort?: number;
  /** The instances' standard output: shown, or dropped (their errors are always shown). */
  stdout?: 'inherit' | 'ignore';
};

export type Cluster = {
  /** nginx's address: what a visitor uses. */
  url: string;
  /** Each instance's own address, in nginx's round-robin order. */
  instanceUrls: string[];
  /** Each instance's process id, in the same order (for its memory, say). */
  instancePids: number[];
  /** Each instance's `/metrics` address, in the same order. */
  metricsUrls: string[];
  /** Prometheus's address when started (`prometheusPort`). */
  prometheusUrl: string | undefined;
  /** Stops nginx and every instance by PID and waits until they have exited. */
  stop(): Promise<void>;
};

async function waitForReady(url: string, child: ChildProcess, deadline: number): Promise<void> {
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${url} was not ready in time`);
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the process behind ${url} exited (${child.exitCode ?? child.signalCode})`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** SIGTERM to the process group of `child`, then SIGKILL if it outstays its grace. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (!child.pid) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  const done = exited(child);
  signal('SIGTERM');
  const force = setTimeout(() => signal('SIGKILL'), STOP_GRACE_MS);
  await done;
  clearTimeout(force);
}

/**
 * Applies the migrations once, starts the first instance (which seeds the demo registry when
 * SEED_DEMO allows, so only one instance ever does), then the others without seeding, then
 * nginx in front of them; resolves once every instance and nginx answer.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const deadline = Date.now() + START_LIMIT_MS;
  const nginxBinary = ensureNginx(repoRoot);
  const url = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    INSTANCES: String(options.instancePorts.length),
    PUBLIC_URL: url,
    // Only nginx on this machine is believed for the client's address.
    TRUST_PROXY: '127.0.0.1',
  };
  const children: ChildProcess[] = [];
  // Each in a process group of its own, stopped by its PID.
  const start = (command: string, args: string[], childEnv: NodeJS.ProcessEnv = env) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: childEnv,
      detached: true,
      stdio: ['ignore', options.stdout ?? 'inherit', 'inherit'],
    });
    children.push(child);
    return child;
  };
  let nginxPrefix: string | undefined;
  let prometheusFolder: string | undefined;
  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    if (nginxPrefix) rmSync(nginxPrefix, { recursive: true, force: true });
    if (prometheusFolder) rmSync(prometheusFolder, { recursive: true, force: true });
  };

  try {
    // Once, before any instance: a deployment's migration job (the instances find nothing to do).
    const migrate = start(node, runTs('apps/api/src/db/migrate-command.ts'));
    await exited(migrate);
    if (migrate.exitCode !== 0) throw new Error(`migrations failed (${migrate.exitCode})`);

    const instanceUrls = options.instancePorts.map((port) => `http://127.0.0.1:${port}`);
    const metricsPorts = await Promise.all(options.instancePorts.map(() => freePort()));
    const metricsUrls = metricsPorts.map((port) => `http://127.0.0.1:${port}/metrics`);
    const [firstPort, ...otherPorts] = options.instancePorts;
    if (firstPort === undefined) throw new Error('a cluster needs at least one instance');
    // Node itself, not through npm: a stop then reaches the server, not only its npm parent.
    const first = start(node, runTs('apps/api/src/server.ts'), {
      ...env,
      PORT: String(firstPort),
      METRICS_PORT: String(metricsPorts[0]),
    });
    await waitForReady(instanceUrls[0]!, first, deadline);
    const others = otherPorts.map((port, i) =>
      start(node, runTs('apps/api/src/server.ts'), {
        ...env,
        PORT: String(port),
        METRICS_PORT: String(metricsPorts[i + 1]),
        SEED_DEMO: 'false',
      }),
    );
    await Promise.all(
      others.map((child, i) => waitForReady(instanceUrls[i + 1]!, child, deadline)),
    );

    nginxPrefix = writeNginxConfig(options.port, options.instancePorts, {
      nameInstances: options.nameInstances ?? false,
    });
    const nginx = start(nginxBinary, [
      '-p',
      nginxPrefix,
      '-c',
      path.join(nginxPrefix, 'nginx.conf'),
    ]);
    await waitForReady(url, nginx, deadline);
    let prometheusUrl: string | undefined;
    if (options.prometheusPort !== undefined) {
      const prometheus = startPrometheus({
        binary: ensurePrometheus(),
        port: options.prometheusPort,
        targets: metricsPorts.map((port) => `127.0.0.1:${port}`),
      });
      children.push(prometheus.process);
      prometheusFolder = prometheus.folder;
      prometheusUrl = prometheus.url;
    }
    const instancePids = [first, ...others].map((child) => child.pid!);
    return { url, instanceUrls, instancePids, metricsUrls, prometheusUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
