import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { verify } from 'altcha-lib/frameworks/shared';
import { enforceLimit, type RateLimitStore } from '../counters/rate-limit-store';

// A challenge must be solved and used within this time; its id is remembered as long.
const CHALLENGE_TTL_SECONDS = 10 * 60;
// The work is (counter x cost) hashes: with the default cost of 1, a cheap phone's widget finds
// a counter from this range in about a second, and the server checks it with one hash.
const COUNTER_MIN = 5_000;
const COUNTER_MAX = 50_000;

type Options = {
  enabled: boolean;
  secret: string;
  cost: number;
  store: RateLimitStore;
  /** Challenges per address a minute: making one costs the server a signature. */
  perIpPerMinute: number;
};

/**
 * The self-hosted proof-of-work bot check (ALTCHA). Each solved challenge is accepted once:
 * its id is stored (in Redis when configured) until the challenge expires.
 */
export function createBotCheckService({ enabled, secret, cost, store, perIpPerMinute }: Options) {
  const replayStore = {
    get: () => undefined,
    set: () => undefined,
    setIfAbsent: (key: string) => store.setIfAbsent(`altcha:${key}`, CHALLENGE_TTL_SECONDS * 1000),
  };
  return {
    enabled,
    async challenge(ip: string): Promise<Challenge> {
      await enforceLimit(store, `challenge-ip:${ip}`, perIpPerMinute, 60_000);
      return createChallenge({
        algorithm: 'SHA-256',
        cost,
        counter: randomInt(COUNTER_MAX, COUNTER_MIN),
        deriveKey,
        hmacSignatureSecret: secret,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
      });
    },
    /** True when the payload solves a challenge of ours that was not used before. */
    async verify(payload: string | undefined): Promise<boolean> {
      if (!enabled) return true;
      if (!payload) return false;
      const result = await verify(payload, deriveKey, secret, undefined, replayStore);
      return result.error === null && result.verification?.verified === true;
    },
  };
}
export type BotCheckService = ReturnType<typeof createBotCheckService>;
