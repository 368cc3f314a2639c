import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { JOURNEY_WORKERS } from './journey-workers';
import { JOURNEY_CODE_COOLDOWN_SECONDS, startPortalServer } from './portal-server';

/** What a journey file needs of the server its worker uses. */
export type JourneyServer = {
  baseUrl: string;
  /** The folder the server serves the web app from: a copy journeys may change (a deploy). */
  webRoot: string;
  /** The server's registry inbox: a journey drops a snapshot folder there. */
  registryInboxDir: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per journey worker: worker N uses the Nth (see `browser.ts`). */
    journeyServers: JourneyServer[];
    chromiumPath: string | null;
    /** The size of each server's demo registry (the generator's `people`, seed `demo`). */
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
    project.provide('journeyServers', []);
    project.provide('demoPeople', 0);
    return removeScratch;
  }

  const demoPeople = 600;
  const databases = await journeyDatabases(JOURNEY_WORKERS);
  const startServer = (databaseUrl: string | undefined) =>
    startPortalServer({
      demoPeople,
      databaseUrl,
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
  const started = await Promise.allSettled(databases.urls.map(startServer));
  const servers = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const stopAll = async () => {
    for (const server of servers) server.stop();
    await databases.drop();
    removeScratch();
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  project.provide(
    'journeyServers',
    servers.map(({ url, webRoot, registryInboxDir }) => ({
      baseUrl: url,
      webRoot,
      registryInboxDir,
    })),
  );
  project.provide('demoPeople', demoPeople);
  return stopAll;
}

/**
 * A database of its own for each worker's server, beside the one DATABASE_URL names (which
 * the API suite may be using): each server seeds its own demo accounts, so two journey files
 * that run at once never share an account, a switch or a counter. Without DATABASE_URL each
 * server keeps an embedded database in its own folder.
 */
async function journeyDatabases(count: number) {
  const base = process.env.DATABASE_URL;
  if (!base) return { urls: Array<undefined>(count).fill(undefined), drop: async () => {} };
  const names = Array.from({ length: count }, (_, index) => `journeys_${process.pid}_${index + 1}`);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const run = async (statement: (name: string) => string) => {
    for (const name of names) await admin.query(statement(name));
  };
  await run((name) => `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await run((name) => `CREATE DATABASE "${name}"`);
  const urls = names.map((name) => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  });
  const drop = async () => {
    try {
      await run((name) => `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
  return { urls, drop };
}
