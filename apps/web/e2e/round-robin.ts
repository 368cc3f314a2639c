import { BOT_CHECK_CHALLENGE_PATH, LOOKUP_BASE } from '@portal/contracts/account-lookup';
import { apiPrefix, DEFAULT_BRAND } from '@portal/contracts/brand';
import { REMOTE_CONFIG_PATH } from '@portal/contracts/feature-toggles';
import { TRACKING_PATH } from '@portal/contracts/tracking-client';
import type { BrowserContext, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { Fetcher } from './dev-pages';

// nginx picks the next instance for every request it receives, whatever connection it came on
// (its upstream keepalive only reuses connections to the instance it picked). Left alone, the
// calls of one journey could still land on one instance by chance, the browser's other requests
// falling in between. So the cluster journeys send their requests to nginx one at a time and,
// before each call that carries a journey's state, move nginx's turn on with a request of their
// own until that call goes to another instance than the call before it. Then they check, from
// nginx's header naming the instance that answered, that it did. (Routing a context's requests
// also turns Chromium's HTTP cache off: every request reaches nginx.)

/** nginx's header naming the instance that answered (scripts/nginx.ts, `nameInstances`). */
const INSTANCE_HEADER = 'x-cluster-instance';

const API = apiPrefix(DEFAULT_BRAND);
// Requests that carry no journey's state (settings, the schools' list, analytics): anywhere.
const STATELESS = [REMOTE_CONFIG_PATH, `${LOOKUP_BASE}/sekolah`, TRACKING_PATH].map(
  (pathname) => `${API}${pathname}`,
);
// Should the end of a request never be reported, the queue goes on after this long, and says
// so; the check of the calls then tells whether anything landed out of turn.
const STUCK_MS = 30_000;

/** The portal's own session on the server: sign-in, its callback, who is signed in, sign-out. */
const SESSION_PATHS = ['/auth/login', '/auth/session', '/auth/logout'];

/**
 * How a request takes its turn: a call of a journey (the API, the sign-in provider at `/oidc`,
 * the portal's session at `/auth/...`) lands on another instance than the call before it. The
 * provider's redirects that follow one are not routed by the browser, so they land where
 * nginx's turn falls: on the other instance again, since nothing comes between. A bot-check challenge lands on the same
 * instance as the call before it, so that the call answering it, next, lands on the other.
 */
export type Turn = 'alternate' | 'stay' | 'anywhere';

const journeyTurns = (url: URL): Turn => {
  if (url.pathname === `${API}${BOT_CHECK_CHALLENGE_PATH}`) return 'stay';
  if (STATELESS.some((pathname) => url.pathname.startsWith(pathname))) return 'anywhere';
  const journeyCall =
    url.pathname.startsWith(`${API}/`) ||
    url.pathname.startsWith('/oidc/') ||
    SESSION_PATHS.some((pathname) => url.pathname.startsWith(pathname));
  return journeyCall ? 'alternate' : 'anywhere';
};

/** A request that took its turn, and the instance that answered it. */
export type ServedCall = {
  turn: Exclude<Turn, 'anywhere'>;
  method: string;
  path: string;
  status: number;
  instance: string;
};

const isRedirect = (status: number) => status >= 300 && status < 400 && status !== 304;

/** The requests to nginx at `origin` in front of instances on `instancePorts`, in its order. */
export function roundRobin(origin: string, instancePorts: number[]) {
  const instances = instancePorts.map((port) => `127.0.0.1:${port}`);
  const calls: ServedCall[] = [];
  /** Requests the queue stopped waiting for (STUCK_MS): none, normally. */
  const unsettled: string[] = [];
  const served = new Map(instances.map((instance) => [instance, 0]));
  let lastCall: string | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs `task` once every request queued before it has been answered. */
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  /** A request to nginx that moves its turn on; the instance that answered it. */
  const probe = async () => {
    const response = await fetch(`${origin}/healthz`);
    await response.arrayBuffer();
    return response.headers.get(INSTANCE_HEADER) ?? '';
  };
  // Round robin over equal servers: each in the order of the upstream block, then again.
  const after = (instance: string) =>
    instances[(instances.indexOf(instance) + 1) % instances.length];

  /** Moves nginx's turn on until its next request goes (`stay`) or does not go to `instance`. */
  const turnTo = async (turn: Turn, instance: string) => {
    const wrong = (next: string | undefined) => (turn === 'stay') !== (next === instance);
    // A full round at most: with an instance down nginx would never turn to it (the check of
    // the calls then says where they went).
    for (let probes = 0; probes <= instances.length; probes += 1) {
      if (!wrong(after(await probe()))) return;
    }
  };

  /** Resolves once `request` and the redirects it leads to are answered, failed or abandoned. */
  const settled = (context: BrowserContext, request: Request) =>
    new Promise<void>((resolve) => {
      const ours = (candidate: Request) => {
        for (let hop: Request | null = candidate; hop; hop = hop.redirectedFrom())
          if (hop === request) return true;
        return false;
      };
      const done = () => {
        context.off('requestfinished', finished);
        context.off('requestfailed', failed);
        context.off('close', done);
        resolve();
      };
      const finished = (candidate: Request) => {
        if (!ours(candidate)) return;
        // A redirect finishes too; the chain goes on with the request it leads to.
        void candidate.response().then((response) => {
          if (!response || !isRedirect(response.status())) done();
        });
      };
      const failed = (candidate: Request) => {
        if (ours(candidate)) done();
      };
      context.on('requestfinished', finished);
      context.on('requestfailed', failed);
      context.on('close', done);
    });

  /** Waits for `answered`, or STUCK_MS at most. */
  const waitFor = async (answered: Promise<void>, request: Request) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stuck = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        unsettled.push(`${request.method()} ${new URL(request.url()).pathname}`);
        console.warn(`round robin: no end reported for ${unsettled.at(-1)}; going on`);
        resolve();
      }, STUCK_MS);
    });
    await Promise.race([answered, stuck]);
    clearTimeout(timer);
  };

  return {
    instances,
    /** Every request that took its turn, in order, with the instance that answered it. */
    calls,
    /** How many of the gated contexts' requests each instance answered. */
    served,
    unsettled,

    /**
     * Sends the context's requests to nginx one at a time, each where `turns` says (by default
     * the journeys' calls alternate), and records those that took a turn in `calls`.
     */
    async gate(context: BrowserContext, turns: (url: URL) => Turn = journeyTurns) {
      context.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin !== origin) return;
        const instance = response.headers()[INSTANCE_HEADER] ?? '';
        served.set(instance, (served.get(instance) ?? 0) + 1);
        const turn = turns(url);
        if (turn === 'anywhere') return;
        calls.push({
          turn,
          method: response.request().method(),
          path: url.pathname,
          status: response.status(),
          instance,
        });
        // The first challenge of all has no call before it: the call answering it goes elsewhere.
        if (turn === 'alternate' || lastCall === undefined) lastCall = instance;
      });
      await context.route('**/*', (route) => {
        const request = route.request();
        // Heard from now on: the page may cancel the request while it waits its turn.
        const answered = settled(context, request);
        return inTurn(async () => {
          const turn = turns(new URL(request.url()));
          if (turn !== 'anywhere' && lastCall !== undefined) await turnTo(turn, lastCall);
          try {
            await route.continue();
          } catch {
            // The page or context closed while the request waited its turn.
            return;
          }
          await waitFor(answered, request);
        });
      });
    },

    /** fetch, in turn with the gated requests (the journeys read their mail with it). */
    fetch: ((url, init) => inTurn(() => fetch(url, init))) as Fetcher,
  };
}

export type RoundRobin = ReturnType<typeof roundRobin>;

/**
 * Each call landed on another instance than the request before it that took a turn: the call
 * whose state it goes on with, or the bot-check challenge it answers.
 */
export function expectEachOnAnotherInstance(calls: ServedCall[]) {
  const repeats: string[] = [];
  calls.forEach((call, i) => {
    const before = calls[i - 1];
    if (call.turn === 'alternate' && before?.instance === call.instance) {
      repeats.push(`${call.method} ${call.path} after ${before.method} ${before.path}`);
    }
  });
  expect(repeats).toEqual([]);
  // Every answer named its instance: nginx, not a stray server, answered.
  expect(calls.filter((call) => !/^127\.0\.0\.1:\d+$/.test(call.instance))).toEqual([]);
}

/** The first call of `method` whose path ends with `pathEnd`. */
export function callTo(calls: ServedCall[], method: string, pathEnd: string): ServedCall {
  const found = calls.find((call) => call.method === method && call.path.endsWith(pathEnd));
  if (!found) {
    const seen = calls.map((call) => `${call.method} ${call.path}`).join(', ');
    throw new Error(`no ${method} ...${pathEnd} among the calls: ${seen}`);
  }
  return found;
}
