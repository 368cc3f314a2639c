import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERT_RULES,
  prometheusBinary,
  promtoolBinary,
  startPrometheus,
  targetHealth,
} from '../../../../scripts/prometheus';
import { skipsWithout } from '../test-support/missing-dependency';
import { createTestCluster } from '../test-support/test-app';

// The alert rules load, each alert has its runbook section, the dashboard and the
// rules name only metrics the API serves, and Prometheus sees every instance.

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const runbook = readFileSync(path.join(repoRoot, 'docs/operations.md'), 'utf8');
const rulesText = readFileSync(ALERT_RULES, 'utf8');
const dashboard = JSON.parse(
  readFileSync(path.join(repoRoot, 'deploy/grafana/portal.json'), 'utf8'),
) as { panels: { title: string; targets: { expr: string }[] }[] };
const promtool = promtoolBinary();
const prometheus = prometheusBinary();
const noPrometheus = skipsWithout(
  promtool !== undefined && prometheus !== undefined,
  'Debian prometheus (prometheus, promtool) is not installed here',
);

const alerts = [...rulesText.matchAll(/- alert: (\w+)/g)].map((match) => match[1]!);

let cluster: Awaited<ReturnType<typeof createTestCluster>>;
beforeAll(async () => {
  cluster = await createTestCluster(2, { METRICS_PORT: '0' });
});
afterAll(async () => {
  await cluster?.close();
});

describe('alert rules', () => {
  it.skipIf(noPrometheus)('load in Prometheus (promtool check rules)', () => {
    const output = execFileSync(promtool!, ['check', 'rules', ALERT_RULES], { encoding: 'utf8' });
    expect(output).toContain(`SUCCESS: ${alerts.length} rules found`);
  });

  it('each have a runbook section saying what it means, the metric and what to do', () => {
    expect(alerts.length).toBeGreaterThanOrEqual(12);
    for (const alert of alerts) {
      const section = runbook.split(`\n## ${alert}\n`)[1]?.split('\n## ')[0];
      expect(section, alert).toBeDefined();
      for (const part of ['**Means**', '**Metric**', '**Do**']) expect(section).toContain(part);
      expect(rulesText).toContain(`runbook: docs/operations.md#${alert.toLowerCase()}`);
    }
  });
});

describe('the rules and the dashboard', () => {
  it('name only metrics an instance serves', async () => {
    const served = new Set(
      (await cluster.instances[0]!.services.metrics.registry.getMetricsAsJSON()).map(
        (metric) => metric.name,
      ),
    );
    const exprs = [
      rulesText,
      ...dashboard.panels.flatMap((panel) => panel.targets.map((t) => t.expr)),
    ];
    const named = new Set(
      exprs.flatMap((expr) =>
        [...expr.matchAll(/\b(portal_\w+|nodejs_\w+|process_\w+)/g)].map((m) => m[1]!),
      ),
    );
    expect(named.size).toBeGreaterThan(10);
    for (const name of named) {
      expect(served, name).toContain(name.replace(/_(bucket|count|sum)$/, ''));
    }
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(12);
  });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

describe('Prometheus', () => {
  it.skipIf(noPrometheus)(
    'scrapes every instance, loads the rules and runs every query of the dashboard',
    async () => {
      const targets = cluster.instances.map((app) => new URL(app.metricsUrl!).host);
      expect(new Set(targets).size).toBe(2);
      const running = startPrometheus({
        binary: prometheus!,
        port: await freePort(),
        targets,
        scrapeIntervalSeconds: 1,
      });
      try {
        const deadline = Date.now() + 60_000;
        let health = new Map<string, { health: string }>();
        while (Date.now() < deadline) {
          health = await targetHealth(running.url).catch(() => new Map());
          if (targets.every((target) => health.get(`http://${target}/metrics`)?.health === 'up'))
            break;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        for (const target of targets) {
          expect(health.get(`http://${target}/metrics`)?.health, target).toBe('up');
        }
        const rules = (await (await fetch(`${running.url}/api/v1/rules`)).json()) as {
          data: { groups: { rules: { name: string; health: string }[] }[] };
        };
        const loaded = rules.data.groups.flatMap((group) => group.rules.map((rule) => rule.name));
        expect(loaded.sort()).toEqual([...alerts].sort());
        // Every query of the dashboard is one Prometheus runs (a wrong one shows an empty panel).
        for (const { expr } of dashboard.panels.flatMap((panel) => panel.targets)) {
          const answer = (await (
            await fetch(`${running.url}/api/v1/query?${new URLSearchParams({ query: expr })}`)
          ).json()) as { status: string; error?: string };
          expect(answer, expr).toMatchObject({ status: 'success' });
        }
      } finally {
        process.kill(running.process.pid!, 'SIGTERM');
        await new Promise((resolve) => running.process.once('exit', resolve));
        rmSync(running.folder, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
