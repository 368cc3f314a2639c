import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.resolve(webDir, '../..');

/** The journey server's wait between two codes to one person (the policy's is a minute). */
export const JOURNEY_CODE_COOLDOWN_SECONDS = 15;

/** A port no one listens on now, on loopback. */
export const freePort = () =>
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

export type PortalServer = {
  url: string;
  /** The folder it serves the web app from: a copy of the build journeys may change. */
  webRoot: string;
  /** Its registry inbox, for snapshot folders. */
  registryInboxDir: string;
  /** Stops it (and its children) and removes its data. */
  stop: () => void;
};

type ServerOptions = {
  /**
   * The name the site is addressed by: `127.0.0.1` by default; `localhost` where the browser
   * needs a host name (passkeys: WebAuthn refuses an IP address as the relying party).
   */
  hostName?: string;
  /** The size of the demo registry (the generator's `people`, seed `demo`). */
  demoPeople: number;
  /** Further environment of the server (job intervals a journey waits for). */
  env?: NodeJS.ProcessEnv;
  /**
   * An embedded database in its own folder even where DATABASE_URL names a shared one: a second
   * server beside the suite's must not seed or change the suite server's demo accounts.
   */
  ownDatabase?: boolean;
  /** The PostgreSQL database it uses instead of the one DATABASE_URL names. */
  databaseUrl?: string;
};

/**
 * The real server exactly as `npx tsx apps/api/src/server.ts` runs it, on a free loopback port,
 * with a database and a copy of the web build of its own and the demo registry: journeys read
 * its identities from /dev/demo-identities and the mail they cause from /dev/mailbox/messages.
 */
export async function startPortalServer({
  hostName = '127.0.0.1',
  demoPeople,
  env = {},
  ownDatabase = false,
  databaseUrl,
}: ServerOptions): Promise<PortalServer> {
  const port = await freePort();
  const url = `http://${hostName}:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const webRoot = path.join(dataDir, 'web');
  cpSync(path.join(webDir, 'build/client'), webRoot, { recursive: true });
  const registryInboxDir = path.join(dataDir, 'registry-inbox');
  const inherited = { ...process.env };
  if (ownDatabase) delete inherited.DATABASE_URL;
  else if (databaseUrl) inherited.DATABASE_URL = databaseUrl;
  // In its own process group, so stopping it by PID stops its children too.
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The sign-in provider's issuer and the web client's return addresses are on this origin.
      PUBLIC_URL: url,
      DATA_DIR: path.join(dataDir, 'db'),
      WEB_BUILD_DIR: webRoot,
      SEED_DEMO: 'true',
      DEMO_PEOPLE: String(demoPeople),
      JOB_POLLING_SECONDS: '0.5',
      REGISTRY_INBOX_DIR: registryInboxDir,
      // Counters of its own in a shared Redis: the demo identities are the same in every run,
      // and an earlier run's lookups must not count against this one's limits.
      RATE_LIMIT_PREFIX: `e2e-${process.pid}-${port}-${Date.now()}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
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
    await waitForReady(url, child, 120_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { url, webRoot, registryInboxDir, stop };
}
