import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { startTracing, type Tracing } from './tracing';

// Tracing every request costs a third of the lookups at full speed (bench/README.md, "With
// metrics and traces"): OTEL_TRACES_SAMPLER_ARG records a share of the traces begun here, and
// a caller that sends a sampled `traceparent` still gets its whole trace.

const REQUESTS = 200;
const RATIO = 0.1;
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const sampledParent = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

let exporter: InMemorySpanExporter;
let tracing: Tracing;
let t: TestApp;

beforeAll(async () => {
  exporter = new InMemorySpanExporter();
  tracing = await startTracing({
    serviceName: 'portal-test',
    exporter,
    immediate: true,
    sampleRatio: RATIO,
  });
  t = await createTestApp({}, undefined, { tracing });
});
afterAll(async () => {
  await t?.close();
  await tracing?.shutdown();
});

const serverSpans = () =>
  exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);

describe('trace sampling', () => {
  it('records about the configured share of the traces begun here', async () => {
    exporter.reset();
    for (let i = 0; i < REQUESTS; i += 1) {
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    }
    // A ratio of random trace ids: about 20 of 200 (none at all: a chance of 1 in 10^9; half of
    // them: less still).
    const recorded = serverSpans().length;
    expect(recorded).toBeGreaterThan(0);
    expect(recorded).toBeLessThan(REQUESTS / 2);
  });

  it("follows a caller's sampled traceparent, whatever the ratio", async () => {
    exporter.reset();
    for (let i = 0; i < 5; i += 1) {
      const reply = await t.app.inject({
        url: '/healthz',
        headers: { traceparent: sampledParent },
      });
      expect(reply.statusCode).toBe(200);
    }
    const spans = serverSpans();
    expect(spans).toHaveLength(5);
    for (const span of spans) expect(span.spanContext().traceId).toBe(TRACE_ID);
  });

  it('reads the ratio from OTEL_TRACES_SAMPLER_ARG, all by default, and refuses one out of 0-1', () => {
    const withEndpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };
    expect(loadConfig(withEndpoint).tracing?.sampleRatio).toBe(1);
    expect(
      loadConfig({ ...withEndpoint, OTEL_TRACES_SAMPLER_ARG: '0.05' }).tracing?.sampleRatio,
    ).toBe(0.05);
    expect(() => loadConfig({ ...withEndpoint, OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(
      /OTEL_TRACES_SAMPLER_ARG/,
    );
  });
});
