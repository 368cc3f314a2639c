import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string | null;
    /** The folder the server serves the web app from: a copy journeys may change (a deploy). */
    webRoot: string;
    /** The server's registry inbox: a journey drops a snapshot folder there (issue 23). */
    registryInboxDir: string;
    /** The size of the server's demo registry (the generator's `people`, seed `demo`). */
    demoPeople: number;
  }
}

const webDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.resolve(webDir, '../..');
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(target).map((name) => newestMtime(path.join(target, name))),
  );
}

function buildIfStale() {
  const builtAt = newestMtime(path.join(webDir, 'build/client/index.html'));
  const sources = ['app', 'public', 'scripts', 'vite.config.ts', 'react-router.config.ts']
    .map((name) => path.join(webDir, name))
    .concat(path.join(repoRoot, 'packages/contracts/src'));
  if (builtAt > 0 && Math.max(...sources.map(newestMtime)) < builtAt) return;
  console.log('e2e: building the web app (sources are newer than build/)');
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  execFileSync('npm', ['run', 'build'], {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready at ${url} within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  // The build is checked (its JavaScript budget, its renderer) with or without a browser.
  buildIfStale();
  const chromiumPath = CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
  project.provide('chromiumPath', chromiumPath);
  if (!chromiumPath && process.env.CI === 'true') {
    throw new Error("No Chromium: CI runs the browser journeys (install Debian's chromium).");
  }
  if (!chromiumPath) {
    console.log(
      "\n\n*** SKIPPED: browser tests — no Chromium found (install Debian's chromium) ***\n\n",
    );
    project.provide('baseUrl', '');
    project.provide('webRoot', '');
    project.provide('registryInboxDir', '');
    project.provide('demoPeople', 0);
    return () => undefined;
  }

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  // The server serves a copy of the build, so a journey can deploy a new version into it.
  const webRoot = path.join(dataDir, 'web');
  cpSync(path.join(webDir, 'build/client'), webRoot, { recursive: true });
  const registryInboxDir = path.join(dataDir, 'registry-inbox');
  const demoPeople = 600;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The sign-in provider's issuer and the web client's return addresses are on this origin.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(dataDir, 'db'),
    WEB_BUILD_DIR: webRoot,
    // A small demo registry: journeys read its identities from /dev/demo-identities and the
    // mail they cause from /dev/mailbox/messages.
    SEED_DEMO: 'true',
    DEMO_PEOPLE: String(demoPeople),
    JOB_POLLING_SECONDS: '0.5',
    // The statistics job every few seconds: statistics.e2e.ts waits for its figures.
    STATISTICS_AGGREGATE_EVERY_SECONDS: '2',
    // The deletion journey's snapshot is imported, and its notices sent, within seconds.
    REGISTRY_INBOX_DIR: registryInboxDir,
    REGISTRY_SYNC_EVERY_SECONDS: '2',
    ACCOUNT_DELETION_EVERY_SECONDS: '2',
    // Counters of its own in a shared Redis: the demo identities are the same in every run,
    // and an earlier run's lookups must not count against this one's limits.
    RATE_LIMIT_PREFIX: `e2e-${process.pid}-${Date.now()}`,
    LOG_LEVEL: 'warn',
  };
  // Runs the real server exactly as `npx tsx apps/api/src/server.ts`, in its own process group
  // so teardown can stop it (and its children) by PID.
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(baseUrl, child, 120_000);
  } catch (error) {
    stop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('webRoot', webRoot);
  project.provide('registryInboxDir', registryInboxDir);
  project.provide('demoPeople', demoPeople);
  return stop;
}
