import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_REQUEST_PATHS, PRIVATE_UPLOAD_PATH } from '@portal/contracts/office-request';
import { referralCodes, schoolMemberships } from '../db/schema';
import { createBrowser, discoverClient, signIn } from '../test-support/platform-sign-in';
import { officeRequestBody } from '../test-support/office-request-body';
import { malformedMultipartBodies, multipartFile, onePagePdf } from '../test-support/pdf-fixture';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { setPassword } from '../test-support/sign-in-test-app';
import { staffAccessToken } from '../test-support/staff-sign-in';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { maybePoisoned, operationsOf, valueOf, type Operation } from './openapi-arbitraries';

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
let rp: client.Configuration;

/** Who calls: nobody, a staff member, or a school's principal, each with a fresh token. */
const IDENTITIES = ['anonymous', 'staff', 'schoolAdmin'] as const;
type Identity = (typeof IDENTITIES)[number];
const tokens: Partial<Record<Identity, string>> = {};
const PRINCIPAL_PASSWORD = 'Kepala-Sekolah-Fuzz-2026';
// Access tokens live a quarter of an hour: a long run signs in again well before that.
const TOKEN_RENEWAL_MS = 10 * 60_000;
let signedInAt = 0;
let staffSignIns = 0;

async function signInEveryone(): Promise<void> {
  staffSignIns += 1;
  tokens.staff = await staffAccessToken(t, rp, `fuzz${staffSignIns}@${t.config.staffDomain}`);
  const principal = FIXTURE.teacher.accounts[0]!;
  tokens.schoolAdmin = (
    await signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), {
      email: principal,
      password: PRINCIPAL_PASSWORD,
    })
  ).access_token;
  signedInAt = Date.now();
}

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
  operations = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]);
  // The registry's teacher becomes her school's principal, to call the school-admin routes.
  const { ids } = await loadRegistryFixture(t.database);
  await t.database.db
    .update(schoolMemberships)
    .set({ role: 'principal' })
    .where(
      and(
        eq(schoolMemberships.personId, ids['teacher']!),
        eq(schoolMemberships.npsn, FIXTURE.sd.npsn),
      ),
    );
  await setPassword(t, [FIXTURE.teacher.accounts[0]!], PRINCIPAL_PASSWORD);
  // Office requests for the console's routes to find, as an office sends them.
  await t.database.db.insert(referralCodes).values({ code: 'KONSOL2026', maxUses: 100 });
  for (const serial of [1, 2, 3]) {
    const letter = await t.app.inject({
      method: 'POST',
      url: `/belajar-id${PRIVATE_UPLOAD_PATH}`,
      ...multipartFile('surat.pdf', onePagePdf(`Surat ${serial}`)),
    });
    const office = await t.app.inject({
      method: 'POST',
      url: `/belajar-id${OFFICE_REQUEST_PATHS.request}`,
      payload: officeRequestBody(letter.json().data.url, {
        nik: `327301450680000${serial}`,
        email: `dinas${serial}@example.org`,
      }),
    });
    expect(office.statusCode).toBe(201);
  }
  rp = await discoverClient(t.app, t.config);
  await signInEveryone();
}, 120_000);
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

/** Malformed requests: anything in any place, with made-up credentials or none. */
const malformed = fc.record({
  kind: fc.constant('malformed' as const),
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

/** Where a path parameter points: mostly at the fixture's school and low ids, so calls land. */
const pathValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(FIXTURE.sd.npsn, '1', '2', '3', 'ptk', 'pd', 'dinas') },
  { weight: 1, arbitrary: edgyString },
);

/**
 * Requests shaped by the OpenAPI document, sent by each identity: most fit their schema, and half
 * carry one string made bad (a control character, a day out of range) in the body or query.
 */
const shaped = fc.record({
  kind: fc.constant('shaped' as const),
  operation: fc.integer({ min: 0, max: 10_000 }),
  identity: fc.constantFrom(...IDENTITIES),
  seed: fc.integer(),
  pathValues: fc.array(pathValue, { minLength: 2, maxLength: 2 }),
});

/** The pieces a multipart body is made of, put together in any order and number. */
const BOUNDARY = 'fuzz-boundary';
const multipartPiece = fc.oneof(
  fc.constantFrom(
    `--${BOUNDARY}\r\n`,
    `--${BOUNDARY}--\r\n`,
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="file"; filename="surat.pdf"\r\n',
    'Content-Disposition: form-data; name="note"\r\n',
    'Content-Disposition: form-data; name="__proto__"\r\n',
    'Content-Type: application/pdf\r\n',
    'Content-Disposition: form-data; name="file"; filename*=UTF-8\'\'%ZZ\r\n',
    '\r\n',
    '\r\n\r\n',
    '%PDF-1.4\n',
    '%%EOF\n',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Multipart bodies to the office's upload: broken, cut short, under a wrong boundary or none. */
const multipart = fc.record({
  kind: fc.constant('multipart' as const),
  fixed: fc.option(fc.integer({ min: 0, max: malformedMultipartBodies().length - 1 })),
  pieces: fc.array(multipartPiece, { maxLength: 12 }),
  contentType: fc.constantFrom(
    `multipart/form-data; boundary=${BOUNDARY}`,
    `multipart/form-data; boundary="${BOUNDARY}"`,
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=other',
    `multipart/mixed; boundary=${BOUNDARY}`,
  ),
  // Its own address each: the upload's hourly limit per address would answer the rest 429.
  address: fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.77.${a}.${b}`),
});

/** The provider's own endpoints, which the OpenAPI document leaves out. */
const PROVIDER_PATHS = [
  '/oidc/.well-known/openid-configuration',
  '/oidc/jwks',
  '/oidc/auth?client_id=portal-web&response_type=code',
  '/oidc/token',
  '/oidc/session/end',
];

/** Host headers that name no host, beside printable junk (some of which does). */
const badHost = fc.oneof(
  fc.constantFrom(
    '[::1',
    'localhost:99999999',
    'localhost:-1',
    '[zz]',
    'a b',
    '%',
    ':',
    'x@localhost',
    'localhost/x',
    'localhost\\x',
    '[::1]:3000',
  ),
  fc.stringMatching(/^[\x21-\x7e]{1,30}$/),
);

/** Any operation, or a provider endpoint, asked with a Host that may name no host. */
const hostile = fc.record({
  kind: fc.constant('host' as const),
  operation: fc.integer({ min: 0, max: 10_000 + PROVIDER_PATHS.length }),
  host: badHost,
});

const request = fc.oneof(
  { weight: 2, arbitrary: malformed },
  { weight: 4, arbitrary: shaped },
  { weight: 1, arbitrary: multipart },
  { weight: 1, arbitrary: hostile },
);

/** The body and query of a shaped request, generated from the operation's schemas. */
function shapedParts(operation: Operation, seed: number) {
  const query = maybePoisoned(
    valueOf({
      type: 'object',
      properties: operation.query,
      required: operation.queryRequired,
    }),
  );
  const body = operation.body ? maybePoisoned(valueOf(operation.body)) : fc.constant(undefined);
  const [generated] = fc.sample(fc.tuple(query, body), { seed, numRuns: 1 });
  return { query: generated![0] as Record<string, unknown>, body: generated![1] };
}

/** A query string of a generated object: arrays repeat their key, nested values go as JSON. */
function queryOf(value: Record<string, unknown>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      Array.isArray(item)
        ? item.map((one) => (typeof one === 'string' ? one : JSON.stringify(one)))
        : typeof item === 'string'
          ? item
          : JSON.stringify(item),
    ]),
  );
}

type Sent = {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  remoteAddress?: string;
};

type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never;

function toSend(generated: Generated): Sent {
  if (generated.kind === 'multipart') {
    const fixed =
      generated.fixed === null ? undefined : malformedMultipartBodies()[generated.fixed];
    return {
      method: 'POST',
      path: `/belajar-id${PRIVATE_UPLOAD_PATH}`,
      query: {},
      headers: fixed?.headers ?? { 'content-type': generated.contentType },
      payload: fixed?.payload ?? Buffer.from(generated.pieces.join(''), 'latin1'),
      remoteAddress: generated.address,
    };
  }
  if (generated.kind === 'host') {
    const index = generated.operation % (operations.length + PROVIDER_PATHS.length);
    const operation = operations[index];
    return {
      method: operation?.method ?? 'GET',
      path: operation
        ? operation.path.replace(/\{[^}]+\}/g, '1')
        : PROVIDER_PATHS[index - operations.length]!,
      query: {},
      headers: { host: generated.host },
      payload: undefined,
    };
  }
  const operation = operations[generated.operation % operations.length]!;
  const hasBody = operation.method !== 'GET' && operation.method !== 'HEAD';
  if (generated.kind === 'malformed') {
    const path = operation.path.replace(/\{[^}]+\}/g, () => pathSegment(generated.pathValue));
    const payload = generated.rawJson
      ? JSON.stringify(generated.body)
      : typeof generated.body === 'string'
        ? generated.body
        : JSON.stringify(generated.body);
    return {
      method: operation.method,
      path,
      query: generated.query,
      headers: {
        'content-type': generated.contentType,
        ...(generated.authorization ? { authorization: generated.authorization } : {}),
      },
      payload: hasBody ? payload : undefined,
    };
  }
  let index = 0;
  const path = operation.path.replace(/\{[^}]+\}/g, () =>
    pathSegment(generated.pathValues[index++ % generated.pathValues.length]!),
  );
  const { query, body } = shapedParts(operation, generated.seed);
  const token = generated.identity === 'anonymous' ? undefined : tokens[generated.identity];
  return {
    method: operation.method,
    path,
    query: queryOf(query),
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: hasBody && body !== undefined ? JSON.stringify(body) : undefined,
  };
}

describe('every endpoint under generated malformed and boundary requests', () => {
  it('never answers 5xx', async () => {
    expect(operations.length).toBeGreaterThan(10);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const byIdentity = new Map<string, number>();
    const started = Date.now();
    let heapAtStart = 0;
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(request, async (generated) => {
        if (Date.now() - signedInAt > TOKEN_RENEWAL_MS) await signInEveryone();
        const outgoing = toSend(generated);
        const reply = await t.app.inject({
          method: outgoing.method as 'GET',
          url: outgoing.path,
          query: outgoing.query,
          headers: outgoing.headers,
          ...(outgoing.payload === undefined ? {} : { payload: outgoing.payload }),
          ...(outgoing.remoteAddress ? { remoteAddress: outgoing.remoteAddress } : {}),
        });
        const label = generated.kind === 'shaped' ? generated.identity : generated.kind;
        byIdentity.set(
          `${label} ${reply.statusCode}`,
          (byIdentity.get(`${label} ${reply.statusCode}`) ?? 0) + 1,
        );
        statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
        sent += 1;
        // Measured once the app has warmed up (its caches, the compiled schemas).
        if (sent === Math.min(1_000, RUNS)) heapAtStart = heapMb();
        if (reply.statusCode >= 500) {
          failures.push(
            `${label} ${outgoing.method} ${outgoing.path} ${JSON.stringify(outgoing.query)} ${JSON.stringify(outgoing.headers)} ${typeof outgoing.payload === 'string' ? outgoing.payload.slice(0, 300) : outgoing.payload?.toString('latin1').slice(0, 300)} -> ${reply.statusCode} ${reply.body}`,
          );
        }
        return reply.statusCode < 500;
      }),
      { numRuns: RUNS, seed: 20261124 },
    );
    const growth = heapMb() - heapAtStart;
    expect(failures).toEqual([]);
    // Most requests reached validation and the handlers, not only the rate limits.
    console.log(
      `fuzz: ${sent} requests in ${((Date.now() - started) / 1000).toFixed(0)} s, statuses ${JSON.stringify(Object.fromEntries(statuses))}, heap ${heapAtStart.toFixed(0)} MB after warm-up, ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB at the end`,
    );
    console.log(
      `fuzz by caller and status: ${JSON.stringify(Object.fromEntries([...byIdentity].sort()))}`,
    );
    expect(statuses.get(400) ?? 0).toBeGreaterThan(RUNS / 3);
    expect(growth).toBeLessThan(HEAP_GROWTH_LIMIT_MB);
  }, 3_600_000);
});
