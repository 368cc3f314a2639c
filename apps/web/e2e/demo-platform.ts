import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import en from '../app/locales/en/sign-in.json';
import id from '../app/locales/id/sign-in.json';
import { launchBrowser, newContext } from './browser';
import { devPages, type DemoIdentity } from './dev-pages';
import { freePort, startPortalServer, type PortalServer } from './portal-server';
import { signInWithPassword } from './sign-in-steps';

// The demo platform (`npm run demo:platform`, a separate app using openid-client) beside a
// portal server of its own, which registers the platform at the platform's port.

const DEMO_PASSWORD = 'Coba-Portal-2026';
const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)), '../..');
const TEXTS = { id, en };

/** The link on the platform's home that starts the sign-in with the learning account. */
export const PLATFORM_SIGN_IN_LINK = 'Masuk dengan Akun belajar.id';

export type DemoPlatform = {
  server: PortalServer;
  platformUrl: string;
  /** Stops the platform and the portal server. */
  stop: () => void;
};

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`demo platform exited: ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('demo platform not ready');
}

/** A portal server with the demo registry and the demo platform registered and running. */
export async function startDemoPlatform(env: NodeJS.ProcessEnv = {}): Promise<DemoPlatform> {
  const platformUrl = `http://127.0.0.1:${await freePort()}`;
  const server = await startPortalServer({
    demoPeople: 100,
    ownDatabase: true,
    env: { DEMO_PLATFORM_URL: platformUrl, ...env },
  });
  // In its own process group, so stopping it by PID stops its children too.
  const platform = spawn(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    ['apps/demo-platform/demo-platform.ts'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORTAL_ISSUER: `${server.url}/oidc`,
        DEMO_PLATFORM_URL: platformUrl,
      },
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const stop = () => {
    if (platform.pid && platform.exitCode === null) process.kill(-platform.pid, 'SIGTERM');
    server.stop();
  };
  try {
    await waitFor(platformUrl, platform);
  } catch (error) {
    stop();
    throw error;
  }
  return { server, platformUrl, stop };
}

/**
 * From the platform's home to the portal's consent page: the sign-in link, then the demo
 * person's account address and password at the portal.
 */
async function signInAtPlatform(
  page: Page,
  platformUrl: string,
  language: 'id' | 'en',
  person: DemoIdentity,
) {
  await page.goto(platformUrl);
  await page.getByRole('link', { name: PLATFORM_SIGN_IN_LINK }).click();
  // `role` is not read: any demo person signs in as the demo teacher does.
  await signInWithPassword(page, language, {
    role: 'teacher',
    email: person.accountEmail,
    password: DEMO_PASSWORD,
  });
  const consentTitle = TEXTS[language].consent.title.replace('{{platform}}', 'Platform Demo');
  await page.getByRole('heading', { level: 1, name: consentTitle }).waitFor({ timeout: 30_000 });
}

/**
 * The demo platform and a browser: called in a `describe`, they start before its tests and stop
 * after them.
 */
export function demoPlatformJourney() {
  let demo: DemoPlatform | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    demo = await startDemoPlatform();
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    demo?.stop();
  });
  return {
    /**
     * A demo person of `type` signs in at the platform from a fresh browser (no session at the
     * portal, none at the platform), up to the portal's consent page.
     */
    async signInFromFreshBrowser({
      viewport,
      language,
      type,
    }: {
      viewport: { width: number; height: number };
      language: 'id' | 'en';
      type: 'ptk' | 'pd';
    }) {
      if (!demo || !browser) throw new Error('the demo platform has not started');
      const { server, platformUrl } = demo;
      const person = (await devPages(server.url).demoIdentities())[type];
      const context = await newContext(browser, {
        viewport,
        language,
        origin: server.url,
        serviceWorkers: 'first-visit',
      });
      const page = await context.newPage();
      await signInAtPlatform(page, platformUrl, language, person);
      return { server, platformUrl, person, context, page };
    },
  };
}
