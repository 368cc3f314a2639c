import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Debian's Prometheus scraping every API instance's metrics port: `npm run
// start:cluster` and apps/api/src/deployment/monitoring.test.ts start it the same way.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** The alert rules every Prometheus of the portal loads (checked by `promtool check rules`). */
export const ALERT_RULES = path.join(repoRoot, 'deploy/prometheus/alerts.yml');

const binary = (name: string) =>
  ['/usr/bin', '/usr/local/bin', '/usr/sbin'].map((dir) => path.join(dir, name)).find(existsSync);

/** Debian's `prometheus` and `promtool`, when installed. */
export const prometheusBinary = (): string | undefined => binary('prometheus');
export const promtoolBinary = (): string | undefined => binary('promtool');

/** Debian's Prometheus, installed when it is missing (as nginx is); its path. */
export function ensurePrometheus(): string {
  const found = prometheusBinary();
  if (found) return found;
  console.log('cluster: installing Debian prometheus');
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'prometheus'], {
    stdio: 'inherit',
  });
  return prometheusBinary() ?? '/usr/bin/prometheus';
}

export type PrometheusOptions = {
  /** Its own web port on loopback (its API and UI). */
  port: number;
  /** Each instance's metrics address, `host:port`. */
  targets: string[];
  /** How often it scrapes; 15 s in production, shorter for a test. */
  scrapeIntervalSeconds?: number;
};

export type RunningPrometheus = {
  url: string;
  process: ChildProcess;
  /** The folder of its configuration and data. */
  folder: string;
};

/** The scrape configuration: job `portal`, one target per instance, the portal's rules. */
export function prometheusConfig(options: PrometheusOptions): string {
  const interval = `${options.scrapeIntervalSeconds ?? 15}s`;
  return `global:
  scrape_interval: ${interval}
  evaluation_interval: ${interval}
rule_files:
  - ${JSON.stringify(ALERT_RULES)}
scrape_configs:
  - job_name: portal
    metrics_path: /metrics
    static_configs:
      - targets: ${JSON.stringify(options.targets)}
`;
}

/** Starts Prometheus in a folder of its own (process group of its own; stop it by its PID). */
export function startPrometheus(
  options: PrometheusOptions & { binary: string },
): RunningPrometheus {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-prometheus-'));
  writeFileSync(path.join(folder, 'prometheus.yml'), prometheusConfig(options));
  const child = spawn(
    options.binary,
    [
      `--config.file=${path.join(folder, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(folder, 'data')}`,
      `--web.listen-address=127.0.0.1:${options.port}`,
      '--log.level=warn',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return { url: `http://127.0.0.1:${options.port}`, process: child, folder };
}

type Target = { health: string; scrapeUrl: string; lastError: string };

/** The health of each scrape target as Prometheus sees it, by scrape URL. */
export async function targetHealth(url: string): Promise<Map<string, Target>> {
  const response = await fetch(`${url}/api/v1/targets?state=active`);
  if (!response.ok) throw new Error(`Prometheus answered ${response.status}`);
  const body = (await response.json()) as { data: { activeTargets: Target[] } };
  return new Map(body.data.activeTargets.map((target) => [target.scrapeUrl, target]));
}
