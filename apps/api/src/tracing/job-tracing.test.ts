import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupTokenFor, TEACHER_LOOKUP_FORM } from '../test-support/mailed-test-app';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { createSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { DELIVER_QUEUE } from '../notifications/outbox-jobs';
import { startTracing, type Tracing } from './tracing';

const base = '/belajar-id/account-lookup/v1/lookup';

let exporter: InMemorySpanExporter;
let tracing: Tracing;
let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  exporter = new InMemorySpanExporter();
  tracing = await startTracing({ serviceName: 'portal-test', exporter, immediate: true });
  smtp = await createSmtpSink();
  await smtp.start();
  t = await createTestApp(
    { BOT_CHECK: 'off', SMTP_URL: smtp.url, JOB_POLLING_SECONDS: '0.5' },
    undefined,
    { tracing },
  );
  await loadRegistryFixture(t.database);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await tracing?.shutdown();
});

describe('a job queued by a request', () => {
  it("runs in the request's trace: its span under the request's, its SMTP send and queries under it", async () => {
    const token = await lookupTokenFor(t, 'ptk', TEACHER_LOOKUP_FORM);
    const reply = await t.app.inject({
      method: 'POST',
      url: `${base}/request-password`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.statusCode).toBe(200);
    await smtp.waitFor(FIXTURE.teacher.email);

    const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
    const isJob = (span: ReadableSpan) => span.name === `process ${DELIVER_QUEUE}`;
    // The job's span ends just after the mail is accepted.
    for (let i = 0; i < 100 && !spans().some(isJob); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));

    const request = spans().find(
      (span) =>
        span.kind === SpanKind.SERVER &&
        span.attributes['http.route'] === `${base}/request-password`,
    );
    expect(request).toBeDefined();
    const { traceId } = request!.spanContext();
    const job = spans().find(isJob);
    expect(job?.kind).toBe(SpanKind.CONSUMER);
    expect(job?.spanContext().traceId).toBe(traceId);
    expect(job?.attributes['portal.request_id']).toBe(request!.attributes['portal.request_id']);
    expect(job?.attributes['messaging.destination.name']).toBe(DELIVER_QUEUE);

    // Under the job: the send, and the job's own queries (traced only under a parent span).
    const underJob = spans().filter(
      (span) => span.parentSpanContext?.spanId === job!.spanContext().spanId,
    );
    expect(underJob.map((span) => span.name)).toContain('smtp send');
    expect(
      underJob.some((span) => span.kind === SpanKind.CLIENT && span.name !== 'smtp send'),
    ).toBe(true);
  });
});
