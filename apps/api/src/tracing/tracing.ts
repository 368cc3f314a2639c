import { createRequire } from 'node:module';
import FastifyOtelInstrumentation from '@fastify/otel';
import { context, propagation, trace, type Span as ApiSpan } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tracePglite } from './pglite-spans';
import { PORTAL_TRACER_NAME } from './portal-tracer';
import { RedactingSpanProcessor } from './redacting-span-processor';

export type Tracing = {
  /** Registers the request spans on an app; call before any hook or route. */
  register(app: FastifyInstance): Promise<void>;
  /** Sends what is still buffered and stops. */
  shutdown(): Promise<void>;
};

export type TracingOptions = {
  serviceName: string;
  exporter: SpanExporter;
  /** Export each span as it ends (tests) instead of in batches. */
  immediate?: boolean;
  /**
   * The share of traces begun here that are recorded and exported (1: all). A request that
   * arrives with a `traceparent` follows its caller's decision, so a trace is whole or absent.
   */
  sampleRatio?: number;
};

/**
 * Turns tracing on for this process: the HTTP server (Fastify), PostgreSQL (pg, and PGlite by a
 * patch of our own), Redis, outgoing HTTP (fetch) and SMTP sends become spans, linked across
 * instances by the W3C `traceparent` header. Global, like every OpenTelemetry SDK: one per
 * process, started before the first query.
 */
export async function startTracing(options: TracingOptions): Promise<Tracing> {
  const exportProcessor = options.immediate
    ? new SimpleSpanProcessor({ exporter: options.exporter })
    : new BatchSpanProcessor({ exporter: options.exporter });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    sampler: new ParentBasedSampler({
      root: new TraceIdRatioBasedSampler(options.sampleRatio ?? 1),
    }),
    spanProcessors: [new RedactingSpanProcessor(exportProcessor)],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);

  const fastifyInstrumentation = new FastifyOtelInstrumentation({
    // An exception's message may quote a value from the request or a row.
    recordExceptions: false,
    // A span per hook would multiply the spans of every request for little: the request, its
    // handler and the queries under them tell where the time went.
    instrumentHooks: false,
    requestHook: (span: ApiSpan, request: FastifyRequest) => {
      // The raw URL may carry a query string; the pattern says which route without any value.
      span.setAttribute('url.path', request.routeOptions.url ?? 'unmatched');
      span.setAttribute('portal.request_id', request.id);
    },
  });
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      fastifyInstrumentation,
      // Without enhancedDatabaseReporting (off by default, kept off) a span carries the
      // statement's text with its $n placeholders, never the values bound to them.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
      // A counter's key names the address or account it counts: the command name only.
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
      new UndiciInstrumentation(),
    ],
  });
  // Our modules are ES modules, which require hooks never see: asking CommonJS for the drivers
  // once the hooks are on hands their shared exports to the instrumentations to patch.
  const require = createRequire(import.meta.url);
  require('pg');
  require('ioredis');
  const untracePglite = await tracePglite(provider.getTracer(PORTAL_TRACER_NAME));

  return {
    async register(app) {
      await app.register(fastifyInstrumentation.plugin());
      // Every request log line from here on names its trace, to go from a log line to its spans.
      app.addHook('onRequest', async (request, reply) => {
        const traceId = trace.getSpan(context.active())?.spanContext().traceId;
        if (!traceId) return;
        request.log = request.log.child({ traceId });
        reply.log = request.log;
      });
    },
    async shutdown() {
      untracePglite();
      unregister();
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** Tracing to an OTLP/HTTP collector (the configured endpoint's `/v1/traces`). */
export async function startOtlpTracing(tracing: {
  endpoint: string;
  serviceName: string;
  sampleRatio: number;
}): Promise<Tracing> {
  const url = new URL(
    'v1/traces',
    tracing.endpoint.endsWith('/') ? tracing.endpoint : `${tracing.endpoint}/`,
  );
  return startTracing({
    serviceName: tracing.serviceName,
    exporter: new OTLPTraceExporter({ url: url.toString() }),
    sampleRatio: tracing.sampleRatio,
  });
}
