import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { STATISTICS_PATHS } from '@portal/contracts/statistics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../../scripts/cluster';
import { freePort } from '../../../scripts/free-port';
import {
  postgresBinaries,
  startReplicaPair,
  type ReplicaPair,
} from '../../../scripts/replica-pair';
import {
  fillPerson,
  fillSchoolByNpsn,
  openLookupIn,
  sendDetails,
  submit,
  waitForResult,
} from './account-lookup-steps';
import {
  DESKTOP,
  MOBILE,
  hasBrowser,
  launchBrowser,
  newContext,
  open,
  waitForLanding,
  waitForOfflineReady,
  webRoot,
} from './browser';
import { devPages, type DemoIdentity, type DevPages } from './dev-pages';
import { codeIn, enterCode, requestCodeByEmail, setNewPassword } from './password-reset-steps';
import { callTo, expectEachOnAnotherInstance, roundRobin, type RoundRobin } from './round-robin';
import { signInWithPassword } from './sign-in-steps';

// `npm run start:cluster` in a browser: two API instances behind nginx on loopback,
// on a PostgreSQL primary with a streaming standby of their own (the heavy reads go to
// the standby, scripts/replica-pair.ts) and the machine's Redis, serving the build the global
// setup made. Each journey's consecutive calls land on different instances (round-robin.ts), so
// a journey works only if what it needs is shared: the lookup token, the reset session and its
// code's counters, the sign-in provider's keys and interactions, the outbox, the static files.

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runId = `${process.pid}-${Date.now()}`;
// The instances' counters, apart from the global setup's server in the same Redis.
const counterPrefix = `cluster-e2e-${runId}`;

const succeeds = (command: string, args: string[]) => {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const redis = (...args: string[]) =>
  execFileSync('redis-cli', ['-u', redisUrl, ...args]).toString();
const hasServices =
  hasBrowser && postgresBinaries() !== undefined && succeeds('redis-cli', ['-u', redisUrl, 'ping']);
if (hasBrowser && !hasServices) {
  if (process.env.CI === 'true') {
    throw new Error(
      'CI runs the cluster journeys: PostgreSQL server binaries or Redis (REDIS_URL) are missing.',
    );
  }
  console.log(
    '\n\n*** SKIPPED: cluster journeys — no PostgreSQL server binaries or Redis here (initdb, redis-cli) ***\n\n',
  );
}

/** Reads meant for the replica that the instances sent to the primary, summed, from metrics. */
const fallbackReads = async (metricsUrls: string[]) => {
  const counts = await Promise.all(
    metricsUrls.map(async (url) => {
      const text = await (await fetch(url)).text();
      return Number(
        /^portal_db_replica_fallback_reads\{reason="unreachable"\} (\d+)/m.exec(text)?.[1] ?? 0,
      );
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
};

// The public statistics' read (statistics-repository.ts) as a server's statement log shows it.
const STATISTICS_QUERY = 'AS day, metric, count FROM daily_metrics';

/** Distinct free ports: nginx's, then one per instance. */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** The SHA-256 of each answer's body, read in the page, with the headers that matter here. */
function fetchInPage(page: Page, pathname: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { cache: 'no-store' });
    const digest = await crypto.subtle.digest('SHA-256', await response.arrayBuffer());
    return {
      status: response.status,
      instance: response.headers.get('x-cluster-instance'),
      etag: response.headers.get('etag'),
      sha256: [...new Uint8Array(digest)]
        .map((byte) => byte.toString(16).padStart(2, '0'))
        .join(''),
    };
  }, pathname);
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe.skipIf(!hasServices)('journeys through nginx in front of two instances', () => {
  let browser: Browser;
  let cluster: Cluster | undefined;
  let pair: ReplicaPair | undefined;
  let dataDir: string;
  let traffic: RoundRobin;
  let dev: DevPages;
  let people: Record<DemoIdentity['userType'], DemoIdentity>;

  /**
   * A context whose requests the round robin gates. Its service worker is blocked: the gate
   * must see every request reach nginx and read which instance answered it, while a worker
   * answers the build's files from its precache, and with one in control the redirect after
   * the provider's login POST took its turn before that POST's answer was reported, so it
   * landed on the same instance (seen 2026-11-27). The offline journey below and every other
   * journey run with the worker in control.
   */
  const gated = (viewport: typeof DESKTOP) =>
    ({ origin: cluster!.url, viewport, serviceWorkers: 'block' }) as const;

  beforeAll(async () => {
    // Statements logged: which server ran a read is told by its log.
    pair = await startReplicaPair({ logStatements: true });
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-e2e-'));
    const [port = 0, ...instancePorts] = await freePorts(3);
    cluster = await startCluster({
      port,
      instancePorts,
      databaseUrl: pair.primaryUrl,
      redisUrl,
      nameInstances: true,
      stdout: 'ignore',
      env: {
        // The global setup's build (not rebuilt), the same folder for both instances.
        WEB_BUILD_DIR: webRoot,
        DATA_DIR: dataDir,
        DATABASE_REPLICA_URL: pair.standbyUrl,
        SEED_DEMO: 'true',
        DEMO_PEOPLE: '600',
        JOB_POLLING_SECONDS: '0.5',
        RATE_LIMIT_PREFIX: counterPrefix,
        LOG_LEVEL: 'warn',
      },
    });
    traffic = roundRobin(cluster.url, instancePorts);
    dev = devPages(cluster.url, traffic.fetch);
    people = await dev.demoIdentities();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
    await pair?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    const keys = redis('--scan', '--pattern', `${counterPrefix}:*`).split('\n').filter(Boolean);
    if (keys.length > 0) redis('del', ...keys);
  });

  it('finds an account on one instance and mails its details from the other', async () => {
    const identity = people.ptk;
    const context = await newContext(browser, gated(MOBILE));
    await traffic.gate(context);
    const from = traffic.calls.length;
    const page = await openLookupIn(context, 'ptk');
    await fillSchoolByNpsn(page, identity);
    await fillPerson(page, identity);
    await submit(page);
    await waitForResult(page, identity);
    await sendDetails(page, identity, dev);

    const calls = traffic.calls.slice(from);
    expectEachOnAnotherInstance(calls);
    // The lookup token one instance issued, the other accepted.
    expect(callTo(calls, 'POST', '/request-password').instance).not.toBe(
      callTo(calls, 'POST', '/lookup/ptk').instance,
    );
    await context.close();
  }, 120_000);

  /** A reset begun from the home page through nginx: the code requested and its mail read. */
  async function codeRequested(person: DemoIdentity) {
    const context = await newContext(browser, gated(DESKTOP));
    await traffic.gate(context);
    const from = traffic.calls.length;
    const page = await open(context, '/');
    await page.locator('#lupa-kata-sandi').getByRole('button').click();
    const sentAt = Date.now();
    await requestCodeByEmail(page, person);
    const mail = await dev.waitForMessage('reset-code', sentAt);
    return { context, page, from, mail };
  }

  it('resets a password by the mailed code, then signs in with it through the provider', async () => {
    const person = people.ptk;
    const password = 'Dua Instans di Balik Nginx';
    const { context, page, from, mail } = await codeRequested(person);
    await enterCode(page, codeIn(mail.bodyText));
    await page.waitForURL('**/reset-password/new-password');
    await setNewPassword(page, password);
    const resetCalls = traffic.calls.slice(from);

    await page.goto('/profile');
    await waitForLanding(page, '/profile');
    // `role` is not read: a PTK signs in as the demo teacher does.
    await signInWithPassword(page, 'id', { role: 'teacher', email: person.accountEmail, password });
    await page.waitForURL(/\/profile$/, { timeout: 30_000 });
    await page.getByText(person.fullName).waitFor({ timeout: 30_000 });
    // One more call from the page lands on the other instance than the page's own profile call,
    // which had the same instance as the callback: that one verifies the access token the
    // callback's instance had the provider sign.
    const profilePath = callTo(traffic.calls.slice(from), 'GET', '/profile/v1/me').path;
    const again = await page.evaluate(async (url) => (await fetch(url)).status, profilePath);
    expect(again).toBe(200);
    const signInCalls = traffic.calls.slice(from + resetCalls.length);

    expectEachOnAnotherInstance(traffic.calls.slice(from));
    // The reset session and its code, from the lookup to the new password.
    expect(callTo(resetCalls, 'POST', '/send-otp').instance).not.toBe(
      callTo(resetCalls, 'POST', '/verify').instance,
    );
    expect(callTo(resetCalls, 'POST', '/validate-otp').instance).not.toBe(
      callTo(resetCalls, 'POST', '/send-otp').instance,
    );
    expect(callTo(resetCalls, 'POST', '/self-reset-password').instance).not.toBe(
      callTo(resetCalls, 'POST', '/validate-otp').instance,
    );
    // The provider's interaction and its keys: the callback's instance exchanges the code for
    // the session's tokens, the other verifies the access token when the profile is asked.
    const profileCalls = signInCalls.filter((call) => call.path === profilePath);
    expect(profileCalls.map((call) => call.status)).toEqual([200, 200]);
    // Answered on both instances: one is not the callback's and verified a token it did not sign.
    expect(new Set(profileCalls.map((call) => call.instance)).size).toBe(2);
    expect(new Set(signInCalls.map((call) => call.instance)).size).toBe(2);
    await context.close();
  }, 120_000);

  it('registers the service worker and serves the same build from both instances', async () => {
    const assets = path.join(webRoot, 'assets');
    // The largest script: bigger than nginx's proxy buffers, so nginx streams it too.
    const [asset = ''] = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size);
    const assetPath = `/assets/${asset}`;
    const onDisk = sha256(path.join(assets, asset));

    const offline = await newContext(browser, {
      origin: cluster!.url,
      serviceWorkers: 'first-visit',
    });
    const home = await open(offline, '/');
    await waitForOfflineReady(home);
    // What the worker precached, from whichever instance, is the build's file.
    const precached = await home.evaluate(async (url) => {
      const cached = await caches.match(url, { ignoreSearch: true });
      if (!cached) return null;
      const digest = await crypto.subtle.digest('SHA-256', await cached.arrayBuffer());
      return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    }, assetPath);
    expect(precached).toBe(onDisk);
    await offline.close();

    const context = await newContext(browser, gated(DESKTOP));
    const files = new Set([assetPath, '/sw.js']);
    await traffic.gate(context, (url) => (files.has(url.pathname) ? 'alternate' : 'anywhere'));
    const page = await open(context, '/');
    for (const file of files) {
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await fetchInPage(page, file));
      expect(new Set(answers.map((answer) => answer.instance))).toEqual(new Set(traffic.instances));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(new Set(answers.map((answer) => answer.sha256)).size).toBe(1);
      expect(new Set(answers.map((answer) => answer.etag)).size).toBe(1);
      expect(answers[0]?.etag).toBeTruthy();
      if (file === assetPath) expect(answers[0]?.sha256).toBe(onDisk);
    }
    await context.close();
  }, 120_000);

  it('counts wrong codes across instances until the code ends, and then refuses the right one', async () => {
    const { context, page, from, mail } = await codeRequested(people.dinas);
    const right = codeIn(mail.bodyText);
    const wrong = right === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1]) {
      await enterCode(page, wrong);
      await page
        .getByRole('alert')
        .filter({ hasText: `Kode OTP salah. Sisa percobaan: ${left}.` })
        .waitFor();
    }
    await enterCode(page, wrong);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Kode OTP salah 5 kali. Silakan mulai lagi dari awal.' })
      .waitFor();

    // The right code, from the link in the mail, is refused too, on whichever instance.
    const link = /(\/reset-password\/otp#sesi=[^\s]+)/.exec(mail.bodyText)?.[1] ?? '';
    const fromMail = await context.newPage();
    await fromMail.goto(link);
    await fromMail.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => fromMail.getByLabel('Kode OTP').inputValue()).toBe(right);
    await fromMail.getByRole('button', { name: 'Verifikasi' }).click();
    await fromMail
      .getByRole('alert')
      .filter({ hasText: 'Kode OTP salah 5 kali. Silakan mulai lagi dari awal.' })
      .waitFor();
    expect(fromMail.url()).toContain('/reset-password/otp');

    const checks = traffic.calls.slice(from).filter((call) => call.path.endsWith('/validate-otp'));
    expect(checks).toHaveLength(6);
    expectEachOnAnotherInstance(traffic.calls.slice(from));
    await context.close();
  }, 120_000);

  it('shows the public statistics while the read replica is stopped, and reads it again once back', async () => {
    /**
     * /statistik through nginx for a new visitor (a returning one's browser keeps the figures
     * for 5 minutes): the status of its figures' call, once they are on the page.
     */
    const statisticsPage = async () => {
      const context = await newContext(browser, {
        origin: cluster!.url,
        viewport: MOBILE,
        serviceWorkers: 'first-visit',
      });
      try {
        const page = await context.newPage();
        const [figures] = await Promise.all([
          page.waitForResponse((response) => response.url().includes(STATISTICS_PATHS.public)),
          page.goto('/statistik'),
        ]);
        await page.getByTestId('lookup-funnel-table').waitFor({ state: 'attached' });
        expect(await page.getByRole('alert').count()).toBe(0);
        return figures.status();
      } finally {
        await context.close();
      }
    };
    const onStandby = () => pair!.log('standby').split(STATISTICS_QUERY).length - 1;
    const { metricsUrls } = cluster!;

    let before = onStandby();
    expect(await statisticsPage()).toBe(200);
    await expect.poll(onStandby).toBeGreaterThan(before);

    // The standby's host goes away: the figures come from the primary, with no error.
    await pair!.stopStandby();
    try {
      const sentBack = await fallbackReads(metricsUrls);
      for (let i = 0; i < 4; i += 1) expect(await statisticsPage()).toBe(200);
      expect(await fallbackReads(metricsUrls)).toBeGreaterThan(sentBack);
    } finally {
      await pair!.startStandby();
    }
    // Back: once an instance's pause after the failure (5 s) is over, it reads there again.
    before = onStandby();
    await expect
      .poll(async () => (await statisticsPage()) === 200 && onStandby() > before, {
        timeout: 40_000,
        interval: 3_000,
      })
      .toBe(true);
  }, 120_000);

  it('delivered every message once, whichever instance ran its job', async () => {
    await expect
      .poll(async () => (await dev.messages()).filter((message) => !message.deliveredAt).length, {
        timeout: 20_000,
      })
      .toBe(0);
    const messages = await dev.messages();
    expect(messages.length).toBeGreaterThanOrEqual(4);
    expect(messages.filter((message) => message.attempts !== 1)).toEqual([]);
    // Both instances answered this file's journeys, their pages and files too.
    const spread = traffic.instances.map((instance) => traffic.served.get(instance) ?? 0);
    console.log(`cluster journeys: requests answered per instance ${spread.join(' / ')}`);
    for (const answered of spread) expect(answered).toBeGreaterThan(0);
  });
});
