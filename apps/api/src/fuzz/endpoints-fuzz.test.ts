import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

type Operation = { method: string; path: string };

// 3,000 requests in `npm test`; `npm run fuzz` sends 100,000 (FUZZ_RUNS) and holds memory flat.
// eslint-disable-next-line no-restricted-properties -- the suite's size is the runner's choice
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 3_000);
/** What the heap may grow by over the whole run, measured after a collection at each end. */
const HEAP_GROWTH_LIMIT_MB = 64;

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const heapMb = () => {
  collect();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

let t: TestApp;
let operations: Operation[];

beforeAll(async () => {
  // Loose limits and no bot check, so that generated requests reach the handlers.
  // The log lines are written but not kept: kept, they would be the growth the run measures.
  t = await createTestApp(
    {
      BOT_CHECK: 'off',
      LOOKUP_LIMIT_PER_IP_PER_MINUTE: '1000000',
      LOOKUP_LIMIT_PER_TARGET_PER_HOUR: '1000000',
    },
    undefined,
    { keepLogs: false },
  );
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => {
  await t?.close();
});

/** Strings at the edges: empty, long, control characters, lone surrogates, markup, SQL. */
const edgyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    '0'.repeat(5_000),
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '9'.repeat(40),
    '-1',
    '1e309',
    'null',
  ),
);

const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom('token', 'email', 'code', 'otp', 'session_id', 'dob', 'name', 'npsn', 'data'),
    fc.oneof(edgyString, fc.integer(), fc.boolean(), fc.constant(null), fc.array(edgyString)),
  ),
  edgyString,
);

/** A path segment; a lone surrogate cannot be encoded, so it goes as bytes that are not UTF-8. */
const pathSegment = (value: string): string => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

const request = fc.record({
  operation: fc.integer({ min: 0, max: 10_000 }),
  pathValue: fc.oneof(fc.constantFrom('ptk', 'pd', 'dinas'), edgyString),
  query: fc.dictionary(fc.string({ maxLength: 12 }), edgyString, { maxKeys: 3 }),
  body,
  contentType: fc.constantFrom(
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/json; charset=latin1',
  ),
  authorization: fc.oneof(
    fc.constant(undefined),
    edgyString.map((value) => `Bearer ${value}`),
    edgyString.map((value) => `Basic ${value}`),
  ),
  rawJson: fc.boolean(),
});

describe('every endpoint under generated malformed and boundary requests', () => {
  it('never answers 5xx', async () => {
    expect(operations.length).toBeGreaterThan(10);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let heapAtStart = 0;
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(request, async (generated) => {
        const operation = operations[generated.operation % operations.length]!;
        const path = operation.path.replace(/\{[^}]+\}/g, () => pathSegment(generated.pathValue));
        const hasBody = operation.method !== 'GET' && operation.method !== 'HEAD';
        const payload = generated.rawJson
          ? JSON.stringify(generated.body)
          : typeof generated.body === 'string'
            ? generated.body
            : JSON.stringify(generated.body);
        const reply = await t.app.inject({
          method: operation.method as 'GET',
          url: path,
          query: generated.query,
          headers: {
            'content-type': generated.contentType,
            ...(generated.authorization ? { authorization: generated.authorization } : {}),
          },
          ...(hasBody ? { payload } : {}),
        });
        statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
        sent += 1;
        // Measured once the app has warmed up (its caches, the compiled schemas).
        if (sent === Math.min(1_000, RUNS)) heapAtStart = heapMb();
        if (reply.statusCode >= 500) {
          failures.push(`${operation.method} ${path} -> ${reply.statusCode} ${reply.body}`);
        }
        return reply.statusCode < 500;
      }),
      { numRuns: RUNS, seed: 20261124 },
    );
    const growth = heapMb() - heapAtStart;
    expect(failures).toEqual([]);
    // Most requests reached validation and the handlers, not only the rate limits.
    console.log(
      `fuzz: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}, heap ${heapAtStart.toFixed(0)} MB after warm-up, ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB at the end`,
    );
    expect(statuses.get(400) ?? 0).toBeGreaterThan(RUNS / 3);
    expect(growth).toBeLessThan(HEAP_GROWTH_LIMIT_MB);
  }, 3_600_000);
});
