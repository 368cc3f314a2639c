import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createPasswordHasher } from '../apps/api/src/credentials/password-hasher';
import {
  DEFAULT_ADMIN_URL,
  freePort,
  query,
  seededDatabase,
  benchRedisEnv,
  startServer,
  statementsPerOperation,
  stopServer,
} from './bench-support';

// `npm run bench:token [-- --n N] [-- --admin-url URL]`: the token endpoint for a
// confidential platform (client_secret_basic, first-party so no consent page), grant types
// authorization_code and refresh_token, at full speed beside a bare Fastify signing the same
// RS256 ID token (bench/token-floor-server.ts), then refresh_token at 200 req/s for its p99.
// Every code and refresh token is single-use: N of each are minted first through one real
// sign-in (the session then answers each authorization at once).

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '2000' },
    'admin-url': { type: 'string', default: DEFAULT_ADMIN_URL },
    // A database name of one's own, when others run the benchmark on the same PostgreSQL.
    database: { type: 'string', default: 'token_bench_1000' },
  },
});
const N = Number(values.n);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT = 'bench-platform';
const SECRET = 'bench-platform-secret-0123456789';
const REDIRECT = 'http://127.0.0.1/cb';
const PASSWORD = 'Bench-Token-2026';
const VERIFIER = 'bench-verifier-of-enough-length-for-rfc-7636-plain-characters';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const BASIC = `Basic ${Buffer.from(`${CLIENT}:${SECRET}`).toString('base64')}`;

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const databaseUrl = await seededDatabase(values['admin-url'], values.database, 1000);
Object.assign(process.env, {
  PUBLIC_URL: origin,
  TOKEN_LIMIT_PER_CLIENT_PER_MINUTE: '100000000',
  SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '100000',
});
const server = await startServer(databaseUrl, port, [], undefined, benchRedisEnv());
// Grants of each kind sent one at a time while the server's statements are counted.
const COUNTED = 50;
const floorPort = await freePort();
const floor = spawn(
  path.join(repoRoot, 'node_modules/.bin/node'),
  ['--import', 'tsx', 'bench/token-floor-server.ts', String(floorPort)],
  { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
);

const cookies = new Map<string, string>();
async function browse(url: string, init: RequestInit = {}) {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: {
      ...(init.headers as Record<string, string>),
      cookie: [...cookies].map(([key, value]) => `${key}=${value}`).join('; '),
    },
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const [key = '', value = ''] = pair.split('=');
    cookies.set(key, value);
  }
  return response;
}

const authorizeUrl = () =>
  `${origin}/oidc/auth?${new URLSearchParams({
    client_id: CLIENT,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'openid profile email schools user_type offline_access',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    state: 'bench',
  })}`;

async function tokenRequest(body: Record<string, string>) {
  const response = await fetch(`${origin}/oidc/token`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });
  if (!response.ok) throw new Error(`token ${response.status} ${await response.text()}`);
  return (await response.json()) as { refresh_token: string };
}

async function mintCode(): Promise<string> {
  let next = authorizeUrl();
  for (let hop = 0; hop < 4; hop += 1) {
    const location = (await browse(next)).headers.get('location') ?? '';
    if (location.startsWith(REDIRECT)) return new URL(location).searchParams.get('code')!;
    next = new URL(location, next).href;
  }
  throw new Error('no code');
}

/** `count` results of `task`, `width` at a time. */
async function many<T>(count: number, width: number, task: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (out.length < count) out.push(await task());
    }),
  );
  return out.slice(0, count);
}

function drive(
  url: string,
  bodies: () => string,
  options: { amount?: number; duration?: number; overallRate?: number; connections?: number },
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: options.connections ?? 10,
        ...(options.amount ? { amount: options.amount } : {}),
        ...(options.duration ? { duration: options.duration } : {}),
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
        requests: [
          {
            method: 'POST',
            headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
            setupRequest: (request) => ({ ...request, body: bodies() }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const perSecond = (result: autocannon.Result) =>
  result.requests.total / Math.max(result.duration, 0.001);
const line = (label: string, result: autocannon.Result) =>
  `${label.padEnd(34)} ${perSecond(result).toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  non-2xx ${result.non2xx}  errors ${result.errors}`;

try {
  // A first-party confidential platform, and a teacher with a password.
  await query(
    databaseUrl,
    `INSERT INTO platform_clients (client_id, name, contact_name, contact_email, redirect_uris, scopes,
       first_party, auth_method, secret_hash, secret_created_at)
     VALUES ($1, 'Bench', 'Bench', 'bench@example.invalid', ARRAY[$2], ARRAY['openid','profile','email','schools','user_type','offline_access'],
       true, 'client_secret_basic', $3, now())
     ON CONFLICT (client_id) DO UPDATE SET secret_hash = excluded.secret_hash, disabled_at = NULL`,
    [CLIENT, REDIRECT, createHash('sha256').update(SECRET).digest('hex')],
  );
  const [account] = await query<{ email: string }>(
    databaseUrl,
    `SELECT a.email FROM learning_accounts a WHERE a.kind = 'ptk' AND a.status = 'active' ORDER BY a.id LIMIT 1`,
  );
  await query(
    databaseUrl,
    'UPDATE learning_accounts SET password_hash = $1, must_change_password = false WHERE email = $2',
    [await createPasswordHasher().hash(PASSWORD), account!.email],
  );

  // One real sign-in; then every authorization is answered by the session.
  const page = (await browse(authorizeUrl())).headers.get('location') ?? '';
  const uid = page.split('/').pop()!;
  const signedIn = await browse(`${origin}/oidc/interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account!.email, password: PASSWORD }),
  });
  const { redirectTo } = (await signedIn.json()) as { redirectTo: string };
  await browse(redirectTo);

  console.log(`Minting ${N} codes and ${2 * N} refresh tokens ...`);
  // Refresh tokens first: codes live 5 minutes, and are minted last so none expires unused.
  const exchanged = await many(2 * N + COUNTED, 8, async () =>
    tokenRequest({
      grant_type: 'authorization_code',
      code: await mintCode(),
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    }),
  );
  const refreshTokens = exchanged.map((tokens) => tokens.refresh_token);
  const codes = await many(N + COUNTED, 8, mintCode);

  // Statements per grant, counted as the server sends them, one grant at a time.
  const codeStatements = await statementsPerOperation(server, COUNTED, async () => {
    await tokenRequest({
      grant_type: 'authorization_code',
      code: codes.pop()!,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    });
  });
  const refreshStatements = await statementsPerOperation(server, COUNTED, async () => {
    await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshTokens.pop()! });
  });

  const floorResult = await drive(`http://127.0.0.1:${floorPort}/token`, () => 'grant_type=x', {
    duration: 10,
  });
  let nextCode = 0;
  const codeResult = await drive(
    `${origin}/oidc/token`,
    () =>
      new URLSearchParams({
        grant_type: 'authorization_code',
        code: codes[nextCode++] ?? 'spent',
        redirect_uri: REDIRECT,
        code_verifier: VERIFIER,
      }).toString(),
    { amount: N },
  );
  let nextRefresh = 0;
  const refresh = () =>
    new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshTokens[nextRefresh++] ?? 'spent',
    }).toString();
  const refreshResult = await drive(`${origin}/oidc/token`, refresh, { amount: N });
  const steadyResult = await drive(`${origin}/oidc/token`, refresh, {
    amount: N,
    overallRate: 200,
    connections: 20,
  });

  const floorRate = perSecond(floorResult);
  console.log(
    `\nToken endpoint benchmark: confidential client_secret_basic platform, short-lived state in ${benchRedisEnv()['REDIS_URL'] ? 'Redis' : 'memory'}`,
  );
  console.log(
    `statements per grant (counted): authorization_code ${codeStatements.toFixed(1)}, refresh_token ${refreshStatements.toFixed(1)} (goal for a refresh ≤ 3)`,
  );
  console.log(line('floor: bare Fastify signing the JWT', floorResult));
  console.log(line('authorization_code', codeResult));
  console.log(line('refresh_token', refreshResult));
  console.log(line('refresh_token at 200 req/s', steadyResult));
  console.log(
    `\nRatio to the floor: authorization_code ${(perSecond(codeResult) / floorRate).toFixed(2)}, refresh_token ${(perSecond(refreshResult) / floorRate).toFixed(2)} (goal ≥ 0.2); p99 at 200 req/s ${steadyResult.latency.p99} ms (goal < 50 ms)`,
  );
} finally {
  floor.kill('SIGTERM');
  await stopServer(server);
}
