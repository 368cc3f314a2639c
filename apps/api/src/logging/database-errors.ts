/**
 * What a database failure may say about itself in a log line or an answer. Driver messages are
 * never kept: PostgreSQL quotes the offending value (`invalid input syntax for type date: "..."`)
 * and drizzle puts the query's parameters in its own message (UU 27/2022: no personal data in
 * logs, errors included).
 */

type DriverError = Error & {
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  query?: unknown;
  params?: unknown;
};

// Node socket failures: the server is away, not the statement wrong.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
// SQLSTATE classes of a lost or refused connection: 08 connection exception, 53 insufficient
// resources, 57 operator intervention (a terminated backend, a shutdown, a failover).
const UNAVAILABLE_SQLSTATE = /^(08|53|57)/;

function causes(error: unknown): DriverError[] {
  const chain: DriverError[] = [];
  let current: unknown = error;
  while (current instanceof Error && chain.length < 5) {
    chain.push(current as DriverError);
    current = current.cause;
  }
  return chain;
}

const isQueryError = (error: DriverError) => typeof error.query === 'string' && 'params' in error;

/** True when the error comes from the database, wrapped by drizzle or straight from the driver. */
export function isDatabaseError(error: unknown): boolean {
  return causes(error).some(
    (e) => isQueryError(e) || (typeof e.severity === 'string' && typeof e.code === 'string'),
  );
}

/** True when the database could not be reached or dropped the connection: a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    if (SOCKET_CODES.has(code)) return true;
    // A FATAL or PANIC error ends the session it came on, whatever its class.
    if (e.severity === 'FATAL' || e.severity === 'PANIC') return true;
    if (typeof e.severity === 'string' && UNAVAILABLE_SQLSTATE.test(code)) return true;
    return /^(Connection terminated|timeout exceeded when trying to connect)/.test(e.message);
  });
}

/** `select people`, `insert outbox_messages`: the statement's verb and first table, no values. */
export function statementName(query: string): string {
  const verb = /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase() ?? 'statement';
  const table = /\b(?:from|into|update|table)\s+"?(\w+)"?/i.exec(query)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** The parts of a database error a log line may carry: codes and names, never values. */
export function describeDatabaseError(error: unknown): Record<string, unknown> {
  const chain = causes(error);
  const query = chain.find(isQueryError);
  const driver = chain.find((e) => typeof e.code === 'string');
  return {
    code: driver?.code,
    severity: typeof driver?.severity === 'string' ? driver.severity : undefined,
    constraint: typeof driver?.constraint === 'string' ? driver.constraint : undefined,
    statement: query ? statementName(query.query as string) : undefined,
    unavailable: isDatabaseUnavailable(error),
  };
}

/** True when a unique index refused the row (SQLSTATE 23505), optionally a named one. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return causes(error).some(
    (e) => e.code === '23505' && (constraint === undefined || e.constraint === constraint),
  );
}
