import { trace } from '@opentelemetry/api';

/** The name of the spans the portal makes itself (PGlite queries, SMTP sends). */
export const PORTAL_TRACER_NAME = 'portal-api';

/** The tracer for spans of our own; the API's no-op one while tracing is off. */
export const portalTracer = () => trace.getTracer(PORTAL_TRACER_NAME);
