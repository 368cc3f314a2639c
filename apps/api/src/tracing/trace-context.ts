import { ROOT_CONTEXT, context, propagation, type Context } from '@opentelemetry/api';

// W3C Trace Context, version 00 as written by the propagator: nothing else is taken from a job.
const TRACEPARENT = /^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}$/;

/**
 * The W3C `traceparent` of the span running now, for work that leaves this process's context
 * (a queued job); undefined while tracing is off or outside any span.
 */
export function currentTraceparent(): string | undefined {
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a carried `traceparent` continues; the root context (a trace of its own) without one. */
export function contextOfTraceparent(traceparent: unknown): Context {
  if (typeof traceparent !== 'string' || !TRACEPARENT.test(traceparent)) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, { traceparent });
}
