import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { createTestApp } from '../test-support/test-app';
import { loadConfig } from '../config';

// The deployment files: no container daemon runs here, so they are read as data and
// held against the configuration schema and the app itself: every variable production requires
// is provided, the ports and the probe paths are the app's.

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

type EnvEntry = {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
};
type Container = {
  name: string;
  image: string;
  command?: string[];
  ports?: { name: string; containerPort: number }[];
  env?: EnvEntry[];
  envFrom?: { configMapRef?: { name: string } }[];
  readinessProbe?: { httpGet: { path: string; port: string } };
  livenessProbe?: { httpGet: { path: string; port: string } };
  securityContext?: { readOnlyRootFilesystem?: boolean };
};
type Manifest = {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  spec: Record<string, unknown> & {
    template?: { spec: { containers: Container[]; securityContext?: { runAsNonRoot?: boolean } } };
  };
};

const manifests: Manifest[] = readdirSync(path.join(repoRoot, 'deploy/k8s'))
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) =>
    parseAllDocuments(read(`deploy/k8s/${file}`)).map((doc) => doc.toJS() as Manifest),
  );
const byKind = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);

// A value of the right shape for each secret the Secret would hold.
const SECRET_VALUES: Record<string, string> = {
  DATABASE_URL: 'postgres://portal:portal@postgres:5432/portal',
  REDIS_URL: 'redis://redis:6379',
  SMTP_URL: 'smtp://mail:587',
  SMS_GATEWAY_URL: 'https://sms.example.id/send',
};
const secretValue = (key: string) => SECRET_VALUES[key] ?? 'x'.repeat(48);

/** The environment a container gets from its config map and its secret references. */
function environmentOf(container: Container): Record<string, string> {
  const configMaps = byKind('ConfigMap');
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const map = configMaps.find((item) => item.metadata.name === source.configMapRef?.name);
    expect(map, `config map ${source.configMapRef?.name}`).toBeDefined();
    Object.assign(env, map?.data);
  }
  for (const entry of container.env ?? []) {
    const key = entry.valueFrom?.secretKeyRef?.key;
    env[entry.name] = entry.value ?? (key ? secretValue(key) : '');
  }
  return env;
}

describe('the Kubernetes manifests', () => {
  const [deployment] = byKind('Deployment');
  const api = deployment?.spec.template?.spec.containers[0];

  it('give the API every variable production requires, secrets by reference', () => {
    expect(api).toBeDefined();
    const env = environmentOf(api!);
    expect(() => loadConfig(env)).not.toThrow();
    expect(loadConfig(env).env).toBe('production');
    // Letters go where every instance reads them.
    expect(loadConfig(env).uploads.s3?.bucket).toBeTruthy();
    for (const secret of ['TOKEN_SECRET', 'BOT_CHECK_SECRET', 'TRACKING_HMAC_KEY']) {
      const entry = api!.env?.find((item) => item.name === secret);
      expect(entry?.valueFrom?.secretKeyRef?.key, secret).toBe(secret);
    }
    // The migration job reads the same settings.
    const job = byKind('Job')[0]?.spec.template?.spec.containers[0];
    expect(job?.command?.join(' ')).toContain('migrate-command.ts');
    expect(environmentOf(job!)).toEqual(env);
  });

  it("probe the app's own health paths on the port it listens on", async () => {
    const env = environmentOf(api!);
    expect(api!.ports?.[0]?.containerPort).toBe(Number(env['PORT']));
    expect(api!.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(api!.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    const t = await createTestApp();
    try {
      for (const probe of ['/readyz', '/healthz'])
        expect((await t.app.inject(probe)).statusCode, probe).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('run unprivileged on a read-only root, scaled and kept through disruptions', () => {
    expect(deployment?.spec.template?.spec.securityContext?.runAsNonRoot).toBe(true);
    expect(api?.securityContext?.readOnlyRootFilesystem).toBe(true);
    expect(byKind('HorizontalPodAutoscaler')[0]?.spec['scaleTargetRef']).toMatchObject({
      kind: 'Deployment',
      name: deployment?.metadata.name,
    });
    expect(byKind('PodDisruptionBudget')[0]?.spec['minAvailable']).toBe(1);
    expect(byKind('Service')[0]?.spec['ports']).toEqual([
      { name: 'http', port: 80, targetPort: 'http' },
    ]);
  });
});

describe('the compose file and the image', () => {
  type Service = {
    environment?: Record<string, string>;
    read_only?: boolean;
    command?: string[];
  };
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
    services: Record<string, Service>;
  };

  it('give each instance what production requires, behind nginx in round robin', () => {
    const instances = ['api-1', 'api-2'].map((name) => compose.services[name]);
    for (const instance of instances) {
      expect(instance?.read_only).toBe(true);
      // `${NAME:?message}` is filled from the operator's environment at `up`.
      const env = Object.fromEntries(
        Object.entries(instance?.environment ?? {}).map(([key, value]) => [
          key,
          /^\$\{\w+:\?/.test(value)
            ? key === 'PUBLIC_URL'
              ? 'https://akun.example.id'
              : secretValue(key)
            : value,
        ]),
      );
      expect(() => loadConfig(env)).not.toThrow();
      expect(loadConfig(env).uploads.s3?.endpoint).toBe('http://minio:9000');
    }
    const nginx = read('deploy/nginx.conf');
    for (const name of ['api-1', 'api-2']) expect(nginx).toContain(`server ${name}:3000;`);
    expect(compose.services['migrate']?.command?.join(' ')).toContain('migrate-command.ts');
    for (const part of ['postgres', 'redis', 'minio', 'bucket', 'mailpit', 'nginx'])
      expect(compose.services[part], part).toBeDefined();
  });

  it('builds in stages and runs as a non-root user with a health check', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(dockerfile).toMatch(/^EXPOSE 3000$/m);
  });
});
