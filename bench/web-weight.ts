/**
 * Page-weight benchmark of the public web (issue 16): builds the web app, sums the gzip size of
 * the JavaScript the prerendered home page loads (scripts + modulepreloads), then serves the
 * build with the real server and runs Lighthouse (mobile: simulated Slow 4G, 4x CPU) against the
 * budget of DESIGN.md. Run: `npm run bench:web` [-- --runs 7] [-- --skip-build].
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOME_JS_BUDGET_KB, measureInitialJs } from '../apps/web/scripts/page-weight';

const TARGETS = { performance: 90, lcpMs: 2500, cls: 0.02, tbtMs: 200 };
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const clientDir = path.join(repoRoot, 'apps/web/build/client');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 7;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-web-'));
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error('server did not become ready');
}

type LighthouseReport = {
  environment?: { benchmarkIndex?: number };
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; displayValue?: string }>;
};

/** One Lighthouse run; a failed trace (seen on a loaded machine) is retried twice. */
function runLighthouse(url: string, attempt = 1): LighthouseReport {
  try {
    return runLighthouseOnce(url);
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim() ?? String(error);
    if (attempt >= 3) throw new Error(`Lighthouse failed: ${stderr}`, { cause: error });
    console.log(`  Lighthouse attempt ${attempt} failed (${stderr.slice(0, 120)}); retrying`);
    return runLighthouse(url, attempt + 1);
  }
}

function runLighthouseOnce(url: string): LighthouseReport {
  const output = execFileSync(
    path.join(repoRoot, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--only-categories=performance',
      '--form-factor=mobile',
      '--throttling-method=simulate',
      '--output=json',
      '--quiet',
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
    ],
    {
      env: { ...process.env, CHROME_PATH: chromePath },
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return JSON.parse(output.toString()) as LighthouseReport;
}

type RunFigures = {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

async function main() {
  if (!args.includes('--skip-build')) {
    execFileSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const weight = measureInitialJs(clientDir, path.join(clientDir, 'index.html'));
  console.log('\nHome page initial JavaScript (gzip):');
  for (const file of weight.files) {
    console.log(`  ${(file.gzip / 1024).toFixed(1).padStart(6)} kB  ${file.url}`);
  }
  const kb = weight.gzip / 1024;
  console.log(
    `  total ${kb.toFixed(1)} kB in ${weight.files.length} files (budget ${HOME_JS_BUDGET_KB} kB): ${kb <= HOME_JS_BUDGET_KB ? 'PASS' : 'OVER BUDGET'}`,
  );

  if (!existsSync(chromePath)) {
    console.log(`\nSKIPPED: Lighthouse — no Chromium at ${chromePath} (set CHROME_PATH)`);
    return;
  }
  const server = await startServer();
  try {
    const results: RunFigures[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const load = loadavg()[0] ?? NaN;
      const report = runLighthouse(`${server.url}/`);
      const metric = (id: string) => report.audits[id]?.numericValue ?? NaN;
      const figures: RunFigures = {
        performance: Math.round(report.categories.performance.score * 100),
        fcpMs: Math.round(metric('first-contentful-paint')),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        tbtMs: Math.round(metric('total-blocking-time')),
        cls: metric('cumulative-layout-shift'),
      };
      results.push(figures);
      console.log(
        `Lighthouse run ${run}/${runs}: performance ${figures.performance}  FCP ${figures.fcpMs} ms  LCP ${figures.lcpMs} ms  TBT ${figures.tbtMs} ms  CLS ${figures.cls.toFixed(3)}  (load ${load.toFixed(2)}, benchmarkIndex ${Math.round(report.environment?.benchmarkIndex ?? NaN)})`,
      );
      if (process.env['LIGHTHOUSE_REPORTS'])
        writeFileSync(
          path.join(process.env['LIGHTHOUSE_REPORTS'], `run-${run}.json`),
          JSON.stringify(report),
        );
    }
    const median = (pick: (figures: RunFigures) => number) => {
      const sorted = results.map(pick).sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? NaN;
    };
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    const performance = median((figures) => figures.performance);
    const lcpMs = median((figures) => figures.lcpMs);
    const tbtMs = median((figures) => figures.tbtMs);
    const cls = median((figures) => figures.cls);
    console.log(`\nLighthouse mobile (simulated Slow 4G, 4x CPU), medians of ${runs} runs:`);
    console.log(
      `  performance ${performance} (target >= ${TARGETS.performance}): ${verdict(performance >= TARGETS.performance)}`,
    );
    console.log(
      `  LCP ${lcpMs} ms (target <= ${TARGETS.lcpMs}): ${verdict(lcpMs <= TARGETS.lcpMs)}`,
    );
    console.log(
      `  TBT ${tbtMs} ms (target <= ${TARGETS.tbtMs}): ${verdict(tbtMs <= TARGETS.tbtMs)}`,
    );
    console.log(
      `  CLS ${cls.toFixed(3)} (target <= ${TARGETS.cls}): ${verdict(cls <= TARGETS.cls)}`,
    );
  } finally {
    server.stop();
  }
}

await main();
