import { SpanKind, SpanStatusCode, trace, context, type Tracer } from '@opentelemetry/api';
import { statementName } from '../logging/database-errors';

type Query = (this: unknown, text: string, ...rest: unknown[]) => Promise<unknown>;
type Transaction = { query: Query; exec: Query };
type PgliteMethods = {
  query: Query;
  exec: Query;
  transaction: (this: unknown, callback: (tx: Transaction) => Promise<unknown>) => Promise<unknown>;
};

/**
 * The embedded PGlite (development, tests) has no OpenTelemetry instrumentation: its queries
 * become spans the way instrumentation-pg makes them for PostgreSQL, the same attributes and
 * the statement's text with its placeholders, never the values. Returns the undo.
 */
export async function tracePglite(tracer: Tracer): Promise<() => void> {
  const { PGlite } = await import('@electric-sql/pglite');
  let owner: object | null = PGlite.prototype;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, 'query'))
    owner = Object.getPrototypeOf(owner) as object | null;
  if (!owner) return () => undefined;
  const methods = owner as PgliteMethods;
  const original = { query: methods.query, exec: methods.exec, transaction: methods.transaction };

  const traced = (run: Query): Query =>
    function (this: unknown, text, ...rest) {
      // Like instrumentation-pg's requireParentSpan: start-up, migrations and job polling are
      // not anybody's request.
      if (!trace.getSpan(context.active())) return run.call(this, text, ...rest);
      const operation = statementName(text);
      return tracer.startActiveSpan(
        `${operation.split(' ')[0] ?? 'query'} pglite`,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'db.system.name': 'postgresql',
            'db.namespace': 'pglite',
            'db.operation.name': operation.split(' ')[0] ?? 'query',
            'db.query.text': text,
          },
        },
        async (span) => {
          try {
            return await run.call(this, text, ...rest);
          } catch (error) {
            // A driver message may quote a value: the SQLSTATE only.
            const code = (error as { code?: unknown }).code;
            span.setStatus({ code: SpanStatusCode.ERROR });
            if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
            throw error;
          } finally {
            span.end();
          }
        },
      );
    };

  methods.query = traced(original.query);
  methods.exec = traced(original.exec);
  methods.transaction = function (callback) {
    return original.transaction.call(this, (tx) => {
      // The transaction's own object, its other members (rollback, closed) read through.
      const wrapped = Object.create(tx) as Transaction;
      wrapped.query = traced(tx.query);
      wrapped.exec = traced(tx.exec);
      return callback(wrapped);
    });
  };
  return () => {
    Object.assign(methods, original);
  };
}
