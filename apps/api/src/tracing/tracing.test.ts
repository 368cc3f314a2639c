import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEACHER_LOOKUP_FORM } from '../test-support/mailed-test-app';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { startOtlpTracing, type Tracing } from './tracing';

// OTLP/JSON as the collector receives it (the exporter's default encoding over HTTP).
type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
};
type OtlpRequest = { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
const SERVER = 2;
const CLIENT = 3;

/** A collector on loopback: keeps every body it is sent, raw, to search for personal data. */
async function startCollector(): Promise<{ url: string; bodies: string[]; server: Server }> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.url === '/v1/traces') bodies.push(body);
      response.writeHead(request.url === '/v1/traces' ? 200 : 404, {
        'content-type': 'application/json',
      });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, bodies, server };
}

const spansOf = (bodies: string[]): OtlpSpan[] =>
  bodies.flatMap((body) =>
    (JSON.parse(body) as OtlpRequest).resourceSpans.flatMap((r) =>
      r.scopeSpans.flatMap((s) => s.spans),
    ),
  );
const attribute = (span: OtlpSpan, key: string) =>
  span.attributes.find((a) => a.key === key)?.value.stringValue;

let collector: Awaited<ReturnType<typeof startCollector>>;
let tracing: Tracing;
let t: TestApp;

beforeAll(async () => {
  collector = await startCollector();
  tracing = await startOtlpTracing({
    endpoint: collector.url,
    serviceName: 'portal-test',
    sampleRatio: 1,
  });
  t = await createTestApp({ BOT_CHECK: 'off' }, undefined, { tracing });
  await loadRegistryFixture(t.database);
});
afterAll(async () => {
  await t?.close();
  await tracing?.shutdown();
  collector?.server.close();
});

describe('traces', () => {
  it('exports a request as a server span with its queries under it, no personal data, its id in the logs', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/belajar-id/account-lookup/v1/lookup/ptk?source=test',
      payload: TEACHER_LOOKUP_FORM,
    });
    expect(reply.statusCode).toBe(200);
    // Through a real OTLP/HTTP exporter: shutting down flushes its batch to the collector.
    await tracing.shutdown();
    const spans = spansOf(collector.bodies);

    const server = spans.find((s) => s.kind === SERVER);
    expect(server).toBeDefined();
    expect(attribute(server!, 'http.route')).toBe('/belajar-id/account-lookup/v1/lookup/ptk');
    // The route's pattern, never the raw URL with its query string.
    expect(attribute(server!, 'url.path')).toBe('/belajar-id/account-lookup/v1/lookup/ptk');
    const queries = spans.filter(
      (s) => s.kind === CLIENT && attribute(s, 'db.system.name') === 'postgresql',
    );
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) expect(query.traceId).toBe(server!.traceId);
    expect(queries.some((q) => /\$1/.test(attribute(q, 'db.query.text') ?? ''))).toBe(true);

    // Nothing the person typed or the registry holds about them leaves the process.
    const exported = collector.bodies.join('\n');
    for (const value of [
      FIXTURE.teacher.birthDate,
      'LESTARI',
      'Lestari',
      'wahyuni',
      'Wahyuni',
      FIXTURE.teacher.email,
      FIXTURE.teacher.phone,
      'source=test',
    ])
      expect(exported).not.toContain(value);

    const lines = t
      .logs()
      .split('\n')
      .filter((line) => line.includes('"request completed"'));
    expect(lines.some((line) => line.includes(`"traceId":"${server!.traceId}"`))).toBe(true);
  });
});
