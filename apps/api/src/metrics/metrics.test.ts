import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  createBrowser,
  discoverClient,
  postPassword,
  startSignIn,
} from '../test-support/platform-sign-in';
import { UNMATCHED_ROUTE } from './metrics';

// /metrics on a port of its own, by route pattern, with nothing personal in a label.

const NIK = '3273015204850001';
const EMAIL = 'rahasia.pribadi@example.org';
const lookupBase = '/belajar-id/account-lookup/v1/lookup';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_PORT: '0' });
  await loadRegistryFixture(t.database);
});
afterAll(async () => {
  await t?.close();
});

const scrape = async () => {
  const response = await fetch(`${t.app.metricsUrl!}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
};

/** The values of one metric, each with its labels, as a scrape now would read them. */
const valuesOf = async (name: string) => {
  await t.app.services.metrics.text();
  const metric = t.app.services.metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  return (await metric.get()).values;
};

const requestCount = async (route: string) =>
  (await valuesOf('portal_http_request_duration_seconds'))
    .filter((value) => value.labels['route'] === route && 'metricName' in value)
    .filter((value) => (value as { metricName?: string }).metricName?.endsWith('_count'))
    .reduce((sum, value) => sum + value.value, 0);

describe('the metrics port', () => {
  it('serves every metric family on its own port, not on the public one', async () => {
    expect(t.app.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(t.app.metricsUrl!).port).not.toBe('0');
    await t.app.inject('/healthz');
    const text = await scrape();
    for (const name of [
      'portal_http_request_duration_seconds_bucket',
      'portal_outbox_undelivered{kind="code"}',
      'portal_outbox_oldest_undelivered_seconds{kind="notice"}',
      'portal_outbox_failing',
      'portal_job_queue_ready{queue="outbox-deliver"}',
      'portal_job_queue_oldest_ready_seconds',
      'portal_counters_fallback_in_use',
      'portal_db_scrape_ok 1',
      'portal_outbox_scrape_ok 1',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text).toContain(name);
    }
    const publicMetrics = await t.app.inject('/metrics');
    expect(publicMetrics.body).not.toContain('portal_http_request_duration_seconds');
    const other = await fetch(`${t.app.metricsUrl!}/anything-else`);
    expect(other.status).toBe(404);
  });

  it('is off unless METRICS_PORT is set', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.config.metricsPort).toBeUndefined();
      expect(plain.app.metricsUrl).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

describe('labels', () => {
  it('name routes by their pattern and never carry an e-mail, a NIK or a name', async () => {
    // Personal data in paths, query strings and bodies, through matched and unmatched routes.
    await t.app.inject({
      method: 'POST',
      url: `${lookupBase}/ptk`,
      payload: { nik: NIK, email: EMAIL, name: FIXTURE.teacher.typed },
    });
    await t.app.inject(`${lookupBase}/sekolah?npsn=${NIK}&email=${encodeURIComponent(EMAIL)}`);
    await t.app.inject(`/akun/${EMAIL}/${NIK}`);
    await t.app.inject({
      method: 'POST',
      url: `/belajar-id/${NIK}/${EMAIL}`,
      payload: { nik: NIK },
    });
    await t.app.inject({ method: 'PROPFIND', url: `/${EMAIL}` });
    await t.app.inject(`/belajar-id/console/v1/office-requests/${NIK}`);
    const visitor = createBrowser(t.app, t.config.oidc.issuer);
    const { uid } = await startSignIn(await discoverClient(t.app, t.config), t.config, visitor);
    await postPassword(visitor, t.config, uid, { email: EMAIL, password: NIK }, '10.1.2.3');

    const text = await scrape();
    for (const secret of [NIK, EMAIL, 'rahasia', FIXTURE.teacher.typed, uid, '10.1.2.3']) {
      expect(text).not.toContain(secret);
    }
    const routes = new Set(
      (await valuesOf('portal_http_request_duration_seconds')).map(
        (value) => value.labels['route'],
      ),
    );
    expect(routes).toContain(`${lookupBase}/ptk`);
    expect(routes).toContain('/belajar-id/console/v1/office-requests/:id');
    expect(routes).toContain('/*');
    expect(routes).toContain(UNMATCHED_ROUTE);
    for (const route of routes) expect(String(route)).not.toMatch(/@|\d{16}/);
    const methods = new Set(
      (await valuesOf('portal_http_request_duration_seconds')).map(
        (value) => value.labels['method'],
      ),
    );
    expect(methods).toContain('OTHER');
    expect(methods).not.toContain('PROPFIND');
    expect(text).toContain(
      'portal_sign_in_attempts_total{account="learning",outcome="unknown-account"}',
    );
  });

  it('collapse any number of unknown URLs into one label value', async () => {
    const before = await requestCount(UNMATCHED_ROUTE);
    const seriesBefore = (await valuesOf('portal_http_request_duration_seconds')).length;
    for (let i = 0; i < 40; i += 1) {
      await t.app.inject({ method: 'POST', url: `/tidak-ada/${i}/${i * 7919}?q=${i}` });
    }
    expect(await requestCount(UNMATCHED_ROUTE)).toBe(before + 40);
    // The same series as before (POST, unmatched, 404): not one more.
    expect((await valuesOf('portal_http_request_duration_seconds')).length).toBe(seriesBefore);
  });
});

describe('the outbox', () => {
  it('counts codes waiting and delivered by kind, never by template or recipient', async () => {
    const { outbox } = t.app.services;
    const id = await t.database.db.transaction((tx) =>
      outbox.enqueue(tx, {
        channel: 'email',
        recipient: EMAIL,
        subject: 'Kode',
        bodyText: `Kode Anda ${NIK}`,
        template: 'reset-code',
        expiresAt: new Date(Date.now() + 10 * 60_000),
      }),
    );
    const waiting = await valuesOf('portal_outbox_undelivered');
    expect(waiting.find((value) => value.labels['kind'] === 'code')?.value).toBeGreaterThanOrEqual(
      1,
    );
    await outbox.deliver(id);
    const delivered = await valuesOf('portal_outbox_deliveries_total');
    expect(
      delivered.find(
        (value) =>
          value.labels['kind'] === 'code' &&
          value.labels['channel'] === 'email' &&
          value.labels['result'] === 'delivered',
      )?.value,
    ).toBeGreaterThanOrEqual(1);
    const text = await scrape();
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain('reset-code');
  });
});
