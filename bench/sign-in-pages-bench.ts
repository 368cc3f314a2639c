/**
 * The server-rendered sign-in steps (decision 0286), as a platform's visitor reaches them: the
 * real server with the demo accounts and the demo platform registered; a browser throttled as
 * Lighthouse's mobile preset (Slow 4G, 4x CPU) opens the platform's `/oidc/auth` and the time
 * from that request to the password form's first paint is read from the page's own timing (the
 * navigation starts at `/oidc/auth` and follows the provider's redirect on the same origin).
 * Then Lighthouse (mobile, simulated) on the password page and, signed in, the consent page, and
 * the steps' script (required: none; the enhancement, gzip).
 *
 * Run: `npm run bench:sign-in-pages [-- --runs 5] [-- --skip-build]`. `CHROME_PATH` names the
 * browser (default Debian's Chromium).
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type BrowserContext } from 'playwright-core';
import { measureSignInScript } from '../apps/web/scripts/page-weight';
import { freePort, startDemoServer } from './bench-support';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = (runsAt >= 0 ? Number(args[runsAt + 1]) : 0) || 5;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'];
/** The demo platform's registration: it is not started, its address only names the callback. */
const PLATFORM = { clientId: 'demo-platform', url: 'http://127.0.0.1:9' };
/** Lighthouse's devtools throttling for mobile: Slow 4G and a 4x slower CPU. */
const SLOW_4G = { latency: 562.5, throughput: (1.6 * 1024 * 1024 * 0.9) / 8 };
/** A platform's sign-in paints its form within 2 s, the portal's "Masuk" within 2.5 s. */
const GOAL_MS = 2000;
const PORTAL_GOAL_MS = 2500;

/** A platform's authorization request, as the demo platform makes it. */
function platformRequest(origin: string): string {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: PLATFORM.clientId,
    response_type: 'code',
    redirect_uri: `${PLATFORM.url}/callback`,
    scope: 'openid profile email schools user_type',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(12).toString('base64url'),
  });
  return `${origin}/oidc/auth?${query}`;
}

/** One throttled visit: ms from the chain's first request to the password form's first paint. */
async function timeToPasswordForm(context: BrowserContext, start: string) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_4G.latency,
    downloadThroughput: SLOW_4G.throughput,
    uploadThroughput: SLOW_4G.throughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document')
      documents.push(new URL(request.url()).pathname.replace(/\/[\w-]{20,}$/, '/<uid>'));
  });
  await page.goto(start, { waitUntil: 'load', timeout: 120_000 });
  await page.locator('#sign-in-email').waitFor();
  const timing = await page.evaluate(() => {
    // The page's own Performance Timeline (this file is type-checked without the DOM library).
    const timeline = (
      globalThis as unknown as {
        performance: {
          getEntriesByType(type: 'navigation'): {
            redirectEnd: number;
            responseEnd: number;
            encodedBodySize: number;
          }[];
          getEntriesByName(name: string): { startTime: number }[];
        };
      }
    ).performance;
    const [navigation] = timeline.getEntriesByType('navigation');
    const paint = timeline.getEntriesByName('first-contentful-paint')[0];
    return {
      redirectMs: Math.round(navigation?.redirectEnd ?? NaN),
      responseEndMs: Math.round(navigation?.responseEnd ?? NaN),
      paintMs: Math.round(paint?.startTime ?? NaN),
      bytes: navigation?.encodedBodySize ?? NaN,
    };
  });
  await page.close();
  return { ...timing, documents };
}

const run = promisify(execFile);

/** Lighthouse's mobile run (simulated Slow 4G, 4x CPU) of a page; optionally a signed-in browser. */
async function lighthouse(url: string, port?: number) {
  const { stdout } = await run(
    path.join(repoRoot, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--only-categories=performance',
      '--form-factor=mobile',
      '--throttling-method=simulate',
      '--output=json',
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ...(port ? [`--port=${port}`, '--disable-storage-reset'] : []),
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as {
    finalDisplayedUrl?: string;
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number }>;
  };
  const metric = (id: string) => Math.round(report.audits[id]?.numericValue ?? NaN);
  return {
    performance: Math.round(report.categories.performance.score * 100),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    landed: new URL(report.finalDisplayedUrl ?? url).pathname.replace(/\/[\w-]{20,}$/, '/<uid>'),
  };
}

/** A browser with a debugging port, signed in at the provider: the platform's next request asks consent. */
async function signedInBrowser(origin: string) {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-bench-consent-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    args: [...CHROME_FLAGS, `--remote-debugging-port=${port}`],
  });
  const accounts = (await (
    await fetch(`${origin}/dev/demo-identities`, { headers: { accept: 'application/json' } })
  ).json()) as { password: string; identities: { userType: string; accountEmail: string }[] };
  const person = accounts.identities.find((identity) => identity.userType === 'ptk');
  if (!person) throw new Error('no demo identity');
  const page = await context.newPage();
  await page.goto(platformRequest(origin));
  await page.locator('#sign-in-email').fill(person.accountEmail);
  await page.locator('#sign-in-password').fill(accounts.password);
  await page.locator('form button[type="submit"]').click();
  await page.locator('button[name="decision"]').first().waitFor({ timeout: 60_000 });
  await page.close();
  return {
    port,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  if (!args.includes('--skip-build')) {
    execFileSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const script = measureSignInScript(path.join(repoRoot, 'apps/web/build/client'));
  console.log(
    `Sign-in steps' script: required 0 kB; enhancement ${(script.gzip / 1024).toFixed(1)} kB gzip (${script.files.map((file) => file.url).join(', ')})`,
  );
  const server = await startDemoServer({ DEMO_PEOPLE: '100', DEMO_PLATFORM_URL: PLATFORM.url });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      server.stop();
      process.exit(130);
    });
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS });
  try {
    // Where people start: a platform's sign-in, and the portal's own "Masuk" link.
    const chains = [
      { name: '/oidc/auth', start: platformRequest(server.url), goalMs: GOAL_MS },
      {
        name: 'the portal\'s "Masuk" (/auth/login)',
        start: `${server.url}/auth/login?returnTo=%2Fprofile`,
        goalMs: PORTAL_GOAL_MS,
      },
    ];
    for (const chain of chains) {
      const paints: number[] = [];
      for (let round = 1; round <= runs; round += 1) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const visit = await timeToPasswordForm(context, chain.start);
        await context.close();
        paints.push(visit.paintMs);
        console.log(
          `run ${round}/${runs}: ${chain.name} to the painted password form ${visit.paintMs} ms (redirects done ${visit.redirectMs} ms, page received ${visit.responseEndMs} ms, ${visit.bytes} bytes) via ${visit.documents.join(' -> ')}  (load ${loadavg()[0]?.toFixed(2)})`,
        );
      }
      const paint = median(paints) ?? NaN;
      console.log(
        `${chain.name}: median ${paint} ms, goal ${chain.goalMs} ms: ${paint <= chain.goalMs ? 'met' : 'MISSED'} (${paints.join(', ')})`,
      );
    }

    const signIn: Awaited<ReturnType<typeof lighthouse>>[] = [];
    const consent: Awaited<ReturnType<typeof lighthouse>>[] = [];
    const signedIn = await signedInBrowser(server.url);
    try {
      for (let round = 1; round <= Math.min(runs, 3); round += 1) {
        signIn.push(await lighthouse(platformRequest(server.url)));
        consent.push(await lighthouse(platformRequest(server.url), signedIn.port));
        for (const [name, figures] of [
          ['sign-in', signIn.at(-1)],
          ['consent', consent.at(-1)],
        ] as const)
          console.log(
            `Lighthouse ${name} run ${round}: performance ${figures?.performance}  FCP ${figures?.fcpMs} ms  LCP ${figures?.lcpMs} ms  TBT ${figures?.tbtMs} ms  (landed on ${figures?.landed}, load ${loadavg()[0]?.toFixed(2)})`,
          );
      }
    } finally {
      await signedIn.close();
    }
    for (const [name, figures] of [
      ['sign-in', signIn],
      ['consent', consent],
    ] as const)
      console.log(
        `Lighthouse ${name}: performance ${figures.map((f) => f.performance).join(', ')} (median ${median(figures.map((f) => f.performance))}), LCP median ${median(figures.map((f) => f.lcpMs))} ms`,
      );
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
