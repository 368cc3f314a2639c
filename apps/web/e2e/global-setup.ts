import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { JOURNEY_CODE_COOLDOWN_SECONDS, startPortalServer } from './portal-server';

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
    /** A folder of the run's own (browser profiles), removed when the run ends. */
    scratchDir: string;
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

export default async function setup(project: TestProject) {
  const scratchDir = mkdtempSync(path.join(tmpdir(), 'portal-journeys-'));
  project.provide('scratchDir', scratchDir);
  const removeScratch = () => rmSync(scratchDir, { recursive: true, force: true });
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
    return removeScratch;
  }

  const demoPeople = 600;
  const server = await startPortalServer({
    demoPeople,
    env: {
      // The statistics job every few seconds: statistics.e2e.ts waits for its figures.
      STATISTICS_AGGREGATE_EVERY_SECONDS: '2',
      // The deletion journey's snapshot is imported, and its notices sent, within seconds.
      REGISTRY_SYNC_EVERY_SECONDS: '2',
      ACCOUNT_DELETION_EVERY_SECONDS: '2',
      // Journeys that send one person codes one after another wait this out, not a minute; the
      // API suite holds the policy's own cooldown (one-time-codes tests).
      CODE_RESEND_COOLDOWN_SECONDS: String(JOURNEY_CODE_COOLDOWN_SECONDS),
    },
  });
  project.provide('baseUrl', server.url);
  project.provide('webRoot', server.webRoot);
  project.provide('registryInboxDir', server.registryInboxDir);
  project.provide('demoPeople', demoPeople);
  return () => {
    server.stop();
    removeScratch();
  };
}
