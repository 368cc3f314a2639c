import { execSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRACKER_NAME,
  TRACKING_CLIENT_PATH,
  TRACKING_PATH,
} from '@portal/contracts/tracking-client';
import { trackingEvents } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/test-app';

// The production image's web: no container daemon runs here, so the Dockerfile's own
// build command runs with the environment its build stage has, and the app then serves that
// build with a deployment's own tracker secret. Before, the build baked in the development
// credentials, and every tracking POST of the documented deployments got 401.

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const webBuild = path.join(repoRoot, 'apps/web/build/client');
const DEPLOYMENT_SECRET = 'the-secret-of-one-deployment-only';

/** The build stage's instructions: from its FROM to the next FROM. */
function buildStage(): string[] {
  const lines = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim());
  const from = lines.findIndex((line) => /^FROM .* AS build$/i.test(line));
  const next = lines.findIndex((line, index) => index > from && /^FROM /i.test(line));
  return lines.slice(from + 1, next);
}

/** The environment of the build stage: the image's PATH and what ENV and ARG set, no more. */
function stageEnvironment(stage: string[]): NodeJS.ProcessEnv {
  // The tools' own search path only: the build must not see this shell's VITE_ or NODE_ENV.
  // eslint-disable-next-line no-restricted-properties -- the child's environment, not config
  const { PATH, HOME } = process.env;
  const env: NodeJS.ProcessEnv = { PATH, HOME };
  for (const line of stage) {
    const [, kind, rest] = /^(ENV|ARG)\s+(.*)$/i.exec(line) ?? [];
    if (!kind || !rest) continue;
    for (const pair of rest.split(/\s+/)) {
      const [key, value] = pair.split('=');
      if (key && value !== undefined) env[key] = value;
    }
  }
  return env;
}

let t: TestApp;
beforeAll(async () => {
  const stage = buildStage();
  const command = stage
    .filter((line) => line.startsWith('RUN '))
    .map((line) => line.slice(4))
    .find((line) => line.includes('--workspace apps/web'));
  expect(command).toBe('npm run build --workspace apps/web');
  execSync(command!, { cwd: repoRoot, env: stageEnvironment(stage), stdio: 'ignore' });
  t = await createTestApp({
    EVENT_TRACKER_SECRET: DEPLOYMENT_SECRET,
    WEB_BUILD_DIR: webBuild,
  });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe("the Dockerfile's web build", () => {
  it("stores a tracking event sent with what the build carries, under the deployment's secret", async () => {
    const assets = path.join(webBuild, 'assets');
    const scripts = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(assets, file), 'utf8'))
      .join('\n');
    expect(scripts).not.toContain('dev-only-event-tracker-secret');
    // The tracker asks this deployment's API for its credentials.
    expect(scripts).toContain(TRACKING_CLIENT_PATH);
    expect((await t.app.inject('/')).statusCode).toBe(200);

    const client = await t.app.inject(`/belajar-id${TRACKING_CLIENT_PATH}`);
    expect(client.statusCode).toBe(200);
    const { authorization } = client.json<{ authorization: string }>();
    expect(Buffer.from(authorization.replace(/^Basic /, ''), 'base64').toString()).toBe(
      `portal-web:${DEPLOYMENT_SECRET}`,
    );
    const before = await t.database.db.$count(trackingEvents);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/belajar-id${TRACKING_PATH}`,
      headers: { authorization },
      payload: {
        event_name: TRACKER_NAME,
        data: JSON.stringify([
          {
            device_id: 'device-0001-abcd',
            session_id: 'session-0001-abcd',
            page_url: 'https://portal.example/',
            referrer: '',
            device_type: 'mobile',
            os: 'Android',
            browser: 'Chrome',
            timestamp: new Date().toISOString(),
            event_name: 'PAGE_VIEWED',
            attributes: [],
          },
        ]),
      },
    });
    expect(reply.statusCode).toBe(202);
    expect(await t.database.db.$count(trackingEvents)).toBe(before + 1);
  });
});
