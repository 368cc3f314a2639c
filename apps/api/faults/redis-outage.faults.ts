import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import * as client from 'openid-client';
import { expect, it } from 'vitest';
import { PROFILE_PATH } from '@portal/contracts/profile';
import { WEB_AUTH_PATHS } from '@portal/contracts/sign-in';
import { oidcModels } from '../src/db/schema';
import { TEACHER_LOOKUP_FORM } from '../src/test-support/mailed-test-app';
import { FIXTURE, loadRegistryFixture } from '../src/test-support/registry-fixture';
import { createSignInTestApp, TEACHER_PASSWORD } from '../src/test-support/sign-in-test-app';
import { freePort } from '../src/test-support/smtp-sink';
import { createTestApp } from '../src/test-support/test-app';
import {
  createBrowser,
  finishSignIn,
  postPassword,
  signIn,
  startSignIn,
} from '../src/test-support/platform-sign-in';

// Redis stopped and started under the API, a Redis of the test's own on loopback
// (the machine's is shared). While it is away every limit keeps holding, counted in the
// instance's memory (decision 0237), and nothing answers 5xx; once it is back the counts go
// to Redis again. OTP locks live in PostgreSQL and are not touched by this. The sign-in
// provider's short-lived state (a sign-in in progress, its code) lives there too (decision
// 0288): a sign-in caught by the outage starts again, the rest keeps answering.
const PER_PERSON = 3;
// Sign-ins in progress when Redis goes away: `FAULT_SIGN_INS`, or a handful.
const IN_PROGRESS = Number(process.env['FAULT_SIGN_INS'] ?? 6);

async function startRedis(port: number): Promise<ChildProcess> {
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let tries = 0; tries < 50; tries += 1) {
    const client = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    const up = await client.connect().then(
      () => true,
      () => false,
    );
    client.disconnect();
    if (up) return server;
    await sleep(100);
  }
  throw new Error('redis-server did not start');
}
async function stopRedis(server: ChildProcess) {
  server.kill('SIGKILL');
  await once(server, 'exit');
}

it('keeps the lookup limits through a Redis outage, and goes back to Redis after', async () => {
  const port = await freePort();
  let redis = await startRedis(port);
  const t = await createTestApp({
    BOT_CHECK: 'off',
    LOG_LEVEL: 'error',
    REDIS_URL: `redis://127.0.0.1:${port}`,
    LOOKUP_LIMIT_PER_TARGET_PER_HOUR: String(PER_PERSON),
  });
  const lookup = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/belajar-id/account-lookup/v1/lookup/ptk',
        payload: TEACHER_LOOKUP_FORM,
      })
    ).statusCode;
  const statuses = async (n: number) => {
    const seen: number[] = [];
    for (let i = 0; i < n; i += 1) seen.push(await lookup());
    return seen;
  };
  try {
    await loadRegistryFixture(t.database);
    const before = await statuses(PER_PERSON + 2);
    expect(before).toEqual([200, 200, 200, 429, 429]);

    await stopRedis(redis);
    const during = await statuses(PER_PERSON + 2);
    // The instance counts on its own from the outage on: the limit holds, nothing fails.
    expect(during).toEqual([200, 200, 200, 429, 429]);

    redis = await startRedis(port);
    // The client reconnects in the background; then counts are in Redis again (a Redis
    // without persistence starts them afresh).
    const client = new Redis(port, '127.0.0.1');
    let counted = false;
    for (let tries = 0; tries < 100 && !counted; tries += 1) {
      await lookup();
      counted = (await client.keys('*')).length > 0;
      if (!counted) await sleep(100);
    }
    client.disconnect();
    console.log(
      `faults: Redis away: lookups ${during.join(' ')}; back: counted in Redis again: ${counted}`,
    );
    expect(counted).toBe(true);
    // Counted in Redis, the limit holds there again.
    expect((await statuses(PER_PERSON + 1)).at(-1)).toBe(429);
  } finally {
    await t.close();
    await stopRedis(redis).catch(() => undefined);
  }
});

it('starts the sign-ins in progress again through a Redis outage, and signs people in after it', async () => {
  const port = await freePort();
  let redis = await startRedis(port);
  const { t, rp } = await createSignInTestApp({
    LOG_LEVEL: 'error',
    BOT_CHECK: 'off',
    REDIS_URL: `redis://127.0.0.1:${port}`,
    SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '100000',
  });
  const teacher = { email: FIXTURE.teacher.accounts[0]!, password: TEACHER_PASSWORD };
  const browser = () => createBrowser(t.app, t.config.oidc.issuer);
  /** The account's live sessions: what its profile lists as signed-in devices. */
  const sessions = async () =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(oidcModels)
        .where(
          and(
            eq(oidcModels.model, 'Session'),
            sql`${oidcModels.accountId} IS NOT NULL`,
            or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, sql`now()`)),
          ),
        )
    )[0]!.n;
  const profile = async (accessToken: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/belajar-id${PROFILE_PATH}`,
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).statusCode;
  try {
    const before = await signIn(rp, t.config, browser(), teacher);
    expect(await sessions()).toBe(1);

    // Sign-ins caught half-way: some at the password page, some past it on their way back.
    const atPassword = await Promise.all(
      Array.from({ length: IN_PROGRESS }, async () => {
        const visitor = browser();
        return { visitor, started: await startSignIn(rp, t.config, visitor) };
      }),
    );
    const pastPassword = await Promise.all(
      Array.from({ length: IN_PROGRESS }, async () => {
        const visitor = browser();
        const started = await startSignIn(rp, t.config, visitor);
        const posted = await postPassword(visitor, t.config, started.uid, teacher);
        expect(posted.statusCode).toBe(200);
        return { visitor, redirectTo: (posted.json() as { redirectTo: string }).redirectTo };
      }),
    );

    await stopRedis(redis);

    // The password page answers "expired": the web shows "Mulai Masuk Lagi" (start again).
    const passwordAnswers = await Promise.all(
      atPassword.map(
        async ({ visitor, started }) =>
          (await postPassword(visitor, t.config, started.uid, teacher)).statusCode,
      ),
    );
    expect(passwordAnswers.every((status) => status === 401)).toBe(true);
    // The way back to the provider answers its page asking to start again, 503, never a 500.
    const resumed = await Promise.all(
      pastPassword.map(async ({ visitor, redirectTo }) => visitor.get(redirectTo)),
    );
    for (const reply of resumed) {
      expect(reply.statusCode).toBe(503);
      expect(reply.body).toContain('Mulai lagi');
    }
    // A new sign-in cannot start: the provider sends the browser back to the web with
    // `temporarily_unavailable`, never a 500.
    const fresh = await browser().get(
      client.buildAuthorizationUrl(rp, {
        redirect_uri: `${t.config.oidc.webOrigin}${WEB_AUTH_PATHS.loginCallback}`,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      }).href,
    );
    expect(fresh.statusCode).toBeLessThan(500);
    // The portal's own sign-in cannot start either: its page to try again from, never a 500.
    const portalStart = await browser().get('/auth/login');
    expect(portalStart.statusCode).toBe(503);
    expect(portalStart.body).toContain('mulai lagi');
    // Nothing landed half-done: no session was saved for the sign-ins the outage broke.
    expect(await sessions()).toBe(1);
    // Refreshes and the API keep answering: their grants, tokens and sessions are in PostgreSQL.
    const refreshed = await client.refreshTokenGrant(rp, before.refresh_token!, {
      resource: t.config.oidc.audience,
    });
    expect(await profile(refreshed.access_token)).toBe(200);

    redis = await startRedis(port);
    // No restart: the store reconnects in the background, and the next sign-in works.
    let after: Awaited<ReturnType<typeof signIn>> | undefined;
    for (let tries = 0; tries < 100 && !after; tries += 1) {
      after = await signIn(rp, t.config, browser(), teacher).catch(() => undefined);
      if (!after) await sleep(100);
    }
    expect(after?.access_token).toBeTruthy();
    expect((await browser().get('/auth/login')).statusCode).toBe(303);
    expect(await profile(after!.access_token)).toBe(200);
    // A sign-in caught by the outage, started again from the start, finishes.
    const again = atPassword[0]!;
    const restarted = await startSignIn(rp, t.config, again.visitor);
    const posted = await postPassword(again.visitor, t.config, restarted.uid, teacher);
    expect(posted.statusCode).toBe(200);
    const tokens = await finishSignIn(
      rp,
      t.config,
      again.visitor,
      restarted,
      (posted.json() as { redirectTo: string }).redirectTo,
    );
    expect(tokens.access_token).toBeTruthy();
    console.log(
      `faults: Redis away mid sign-in: ${IN_PROGRESS} at the password answered ${[...new Set(passwordAnswers)].join(' ')}, ${IN_PROGRESS} on their way back ${[...new Set(resumed.map((reply) => reply.statusCode))].join(' ')}; refresh and API 200; back: signed in again`,
    );
  } finally {
    await t.close();
    await stopRedis(redis).catch(() => undefined);
  }
});
