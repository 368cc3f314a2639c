import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import { SignJWT, importPKCS8 } from 'jose';
import {
  INTERACTION_PATHS,
  OIDC_WEB_SCOPE,
  PORTAL_WEB_CLIENT_ID,
  WEB_AUTH_PATHS,
} from '@portal/contracts/sign-in';
import { PROFILE_PATH } from '@portal/contracts/profile';
import { createPasswordHasher } from '../apps/api/src/credentials/password-hasher';
import {
  DEFAULT_ADMIN_URL,
  freePort,
  paced,
  query,
  seededDatabase,
  benchRedisEnv,
  startServer,
  statementsPerOperation,
  stopServer,
} from './bench-support';
import { layerCosts, type LayerCosts } from './cpu-profile-layers';

// `npm run bench:sign-in [-- --people N --seconds S --clients C --database NAME]`: on the real server
// over HTTP, with PostgreSQL,
// 1. full sign-ins per second (authorization request, password, code, token) by C clients,
//    beside the floor: argon2id verifications alone through the server's own hasher (its
//    parameters and its bound of hashes at once), in this process, run just before;
// 2. token refreshes per second (each client's refresh token rotating) beside a bare Fastify
//    answering the same token response, an RS256 JWT signed per request;
// 3. the profile API's latency at 300 requests per second with the signed-in clients' tokens.
// Prints the machine's load beside the figures: they are only comparable on a quiet machine.
// With `--profile` the server runs under V8's sampling profiler and, after the figures, the
// main thread's time per operation of each phase is printed by layer and by package.

const PASSWORD = 'Bench-Masuk-Portal-2026';
const PROFILE_RATE = 300;

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '15' },
    // Enough that the sign-in's fixed least answer time (400 ms) does not bound the rate.
    clients: { type: 'string', default: '32' },
    keep: { type: 'boolean', default: false },
    // A database name of one's own, when others run the benchmark on the same PostgreSQL.
    database: { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});
const people = Number(values.people.replaceAll('_', ''));
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
const name = values.database ?? `sign_in_bench_${people}`;

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** A browser's part of the flow over HTTP: its cookies by name, redirects followed by hand. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([key, value]) => `${key}=${value}`).join('; '),
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        const key = pair!.slice(0, at);
        const value = pair!.slice(at + 1);
        if (value === '' || /max-age=0/i.test(line)) cookies.delete(key);
        else cookies.set(key, value);
      }
    },
  };
}

type Tokens = { access_token: string; refresh_token: string };

function createClient(origin: string) {
  const issuer = `${origin}/oidc`;
  const redirectUri = `${origin}${WEB_AUTH_PATHS.loginCallback}`;
  const audience = `${origin}/belajar-id`;
  const tokenEndpoint = `${issuer}/token`;

  async function tokenRequest(form: Record<string, string>): Promise<Tokens> {
    const response = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: PORTAL_WEB_CLIENT_ID, ...form }),
    });
    if (response.status !== 200) throw new Error(`token ${response.status}`);
    return (await response.json()) as Tokens;
  }

  async function signIn(email: string): Promise<Tokens> {
    const jar = cookieJar();
    const get = async (url: string) => {
      const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
      jar.keep(response);
      await response.arrayBuffer();
      return response;
    };
    const verifier = base64url(randomBytes(32));
    const authorize = new URL(`${issuer}/auth`);
    authorize.search = new URLSearchParams({
      client_id: PORTAL_WEB_CLIENT_ID,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: OIDC_WEB_SCOPE,
      code_challenge: base64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
      state: base64url(randomBytes(16)),
    }).toString();
    const started = await get(authorize.href);
    const uid = started.headers.get('location')!.split('/').pop()!;
    const login = await fetch(`${issuer}${INTERACTION_PATHS.login.replace(':uid', uid)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: jar.header() },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    jar.keep(login);
    if (login.status !== 200) throw new Error(`login ${login.status}`);
    let next = ((await login.json()) as { redirectTo: string }).redirectTo;
    for (let hop = 0; hop < 5 && !next.startsWith(redirectUri); hop += 1) {
      next = new URL((await get(next)).headers.get('location')!, next).href;
    }
    const code = new URL(next).searchParams.get('code');
    if (!code) throw new Error('no code');
    return tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      resource: audience,
    });
  }

  const refresh = (token: string) =>
    tokenRequest({ grant_type: 'refresh_token', refresh_token: token, resource: audience });

  return { signIn, refresh };
}

/** The monotonic clock in microseconds: the clock of V8's profile timestamps on Linux. */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** Each server phase's time window and operations, for the CPU profile's breakdown. */
const windows: { phase: string; from: number; to: number; operations: number }[] = [];

/** Runs `work` in `clients` loops for `seconds`; answers how many finished and failed. */
async function loops(work: (client: number) => Promise<void>, phase?: string) {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const started = Date.now();
  const from = monotonicMicros();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (Date.now() < until) {
        try {
          await work(client);
          done += 1;
        } catch {
          failed += 1;
        }
      }
    }),
  );
  if (phase) windows.push({ phase, from, to: monotonicMicros(), operations: done + failed });
  return { perSecond: done / ((Date.now() - started) / 1000), done, failed };
}

/** A bare Fastify answering a token response with an RS256 JWT signed per request. */
async function bareTokenServer(port: number) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = await importPKCS8(
    privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    'RS256',
  );
  const app = Fastify({ logger: false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.post('/token', async () => ({
    access_token: await new SignJWT({ scope: OIDC_WEB_SCOPE, client_id: PORTAL_WEB_CLIENT_ID })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'bench' })
      .setSubject('1')
      .setIssuer('http://127.0.0.1/oidc')
      .setAudience('http://127.0.0.1/belajar-id')
      .setIssuedAt()
      .setExpirationTime('10m')
      .setJti(base64url(randomBytes(16)))
      .sign(key),
    refresh_token: base64url(randomBytes(32)),
    token_type: 'Bearer',
    expires_in: 600,
  }));
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

/**
 * The profile API at a steady 300 requests per second (arrivals spread over each second, as
 * independent visitors' are), each request with the next signed-in client's token.
 */
function profileLoad(origin: string, tokens: string[]) {
  let next = 0;
  return paced(`${origin}/belajar-id`, 20, PROFILE_RATE, seconds, {
    path: `/belajar-id${PROFILE_PATH}`,
    setupRequest: (request: autocannon.Request) => ({
      ...request,
      headers: { authorization: `Bearer ${tokens[next++ % tokens.length]}` },
    }),
  });
}

const loadBefore = loadavg();
const benchUrl = await seededDatabase(adminUrl, name, people);
const emails = (
  await query<{ email: string }>(
    benchUrl,
    'SELECT email FROM learning_accounts ORDER BY id LIMIT 2000',
  )
).map((row) => row.email);
const hasher = createPasswordHasher();
const stored = await hasher.hash(PASSWORD);
// One hash for every bench account: each sign-in still verifies it in full.
await query(
  benchUrl,
  'UPDATE learning_accounts SET password_hash = $1, must_change_password = false WHERE email = ANY($2)',
  [stored, emails],
);

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
process.env['PUBLIC_URL'] = origin;
process.env['SIGN_IN_LIMIT_PER_IP_PER_MINUTE'] = '100000000';
const profileDir = values.profile ? mkdtempSync(path.join(tmpdir(), 'sign-in-profile-')) : null;
const server = await startServer(
  benchUrl,
  port,
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=250'] : [],
  undefined,
  benchRedisEnv(),
);
// Operations of each kind sent one at a time while the server's statements are counted.
const COUNTED = 20;
const bare = await bareTokenServer(await freePort());
const bareAddress = bare.server.address() as { port: number };
const client = createClient(origin);

try {
  const floor = await loops(async () => {
    if (!(await hasher.verify(stored, PASSWORD))) throw new Error('not verified');
  });

  // Statements per operation, counted as the server sends them, one operation at a time.
  let counted: Tokens | undefined;
  const signInStatements = await statementsPerOperation(server, COUNTED, async (index) => {
    counted = await client.signIn(emails[emails.length - 1 - index]!);
  });
  const refreshStatements = await statementsPerOperation(server, COUNTED, async () => {
    counted = await client.refresh(counted!.refresh_token);
  });
  const profileStatements = await statementsPerOperation(server, COUNTED, async () => {
    const response = await fetch(`${origin}/belajar-id${PROFILE_PATH}`, {
      headers: { authorization: `Bearer ${counted!.access_token}` },
    });
    if (response.status !== 200) throw new Error(`profile ${response.status}`);
    await response.arrayBuffer();
  });

  let nextEmail = 0;
  const held: Tokens[] = [];
  const signIns = await loops(async (c) => {
    const tokens = await client.signIn(emails[nextEmail++ % emails.length]!);
    held[c] = tokens;
  }, 'full sign-in');

  const refreshes = await loops(async (c) => {
    held[c] = await client.refresh(held[c]!.refresh_token);
  }, 'token refresh');
  const bareRefreshes = await loops(async () => {
    const response = await fetch(`http://127.0.0.1:${bareAddress.port}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    if (response.status !== 200) throw new Error(`bare ${response.status}`);
    await response.json();
  });

  const profileFrom = monotonicMicros();
  const profile = await profileLoad(
    origin,
    held.map((tokens) => tokens.access_token),
  );
  windows.push({
    phase: 'profile API',
    from: profileFrom,
    to: monotonicMicros(),
    operations: Math.round(profile.requestsPerSecond * seconds),
  });

  const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : (a / b).toFixed(2));
  console.log(
    `\nSign-in benchmark: ${people.toLocaleString('en')} people in PostgreSQL, ${clients} clients, ${seconds} s a phase, ${cpus().length} cores, load average before ${loadBefore.map((n) => n.toFixed(1)).join(' ')}, after ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `short-lived provider state in ${benchRedisEnv()['REDIS_URL'] ? 'Redis' : 'memory'}; statements counted per operation: full sign-in ${signInStatements.toFixed(1)} (target ≤ 8), refresh ${refreshStatements.toFixed(1)} (target ≤ 3), profile API ${profileStatements.toFixed(1)}`,
  );
  console.log(
    `argon2id verify alone (floor):   ${floor.perSecond.toFixed(1)}/s (failed ${floor.failed})`,
  );
  console.log(
    `full sign-ins over HTTP:         ${signIns.perSecond.toFixed(1)}/s (failed ${signIns.failed}) = ${ratio(signIns.perSecond, floor.perSecond)} of the floor (target 0.8)`,
  );
  console.log(
    `token refreshes over HTTP:       ${refreshes.perSecond.toFixed(1)}/s (failed ${refreshes.failed})`,
  );
  console.log(
    `bare Fastify, same JWT signed:   ${bareRefreshes.perSecond.toFixed(1)}/s = refresh ${ratio(refreshes.perSecond, bareRefreshes.perSecond)} of it (target 0.2)`,
  );
  console.log(
    `profile API at ${PROFILE_RATE} req/s:        ${profile.requestsPerSecond.toFixed(0)} req/s answered, p50 ${profile.p50.toFixed(1)} ms  p99 ${profile.p99.toFixed(1)} ms  max ${profile.max.toFixed(1)} ms  non-2xx ${profile.non2xx} (target p99 < 25 ms)`,
  );
} finally {
  await bare.close();
  await stopServer(server); // a CPU profile is written as the process exits
  if (profileDir) {
    const [file] = readdirSync(profileDir);
    if (file) printProfile(path.join(profileDir, file));
    rmSync(profileDir, { recursive: true, force: true });
  }
  if (!values.keep) await query(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** The server main thread's microseconds per operation of each phase, by layer and package. */
function printProfile(file: string) {
  const top = (costs: Map<string, number>) =>
    [...costs]
      .filter(([, micros]) => micros >= 50)
      .sort((a, b) => b[1] - a[1])
      .map(([name, micros]) => `    ${(micros / 1000).toFixed(2).padStart(7)} ms  ${name}`)
      .join('\n');
  for (const { phase, from, to, operations } of windows) {
    const costs: LayerCosts = layerCosts(file, { from, to }, operations);
    const busy = [...costs.layers]
      .filter(([layer]) => layer !== 'idle')
      .reduce((sum, [, micros]) => sum + micros, 0);
    console.log(
      `\n${phase}: the server's main thread, ${(busy / 1000).toFixed(2)} ms busy per operation (${operations} operations)`,
    );
    console.log(`  by layer:\n${top(costs.layers)}`);
    console.log(`  unclaimed, by package or file:\n${top(costs.rest)}`);
  }
}
