import { Redis } from 'ioredis';
import { RateLimitedError } from './domain-errors';

/**
 * Where short-lived counters live (rate limits, used bot-check challenges): Redis when several
 * instances must share them, otherwise this process's memory (DESIGN.md: embedded default).
 */
export type RateLimitStore = {
  kind: 'redis' | 'memory';
  /** Options for @fastify/rate-limit: counters under their own namespace. */
  fastifyOptions(namespace: string): { redis?: Redis; nameSpace: string; skipOnError: boolean };
  /** Counts one more hit on `key` in a fixed window; returns the count and when it resets. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** The count of `key` in its current window, without counting a hit (0 when none). */
  peek(key: string): Promise<number>;
  /** Stores `key` for `ttlMs` unless present; true when this call stored it. */
  setIfAbsent(key: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
};

// One hit on a fixed-window counter, atomically: the window starts with the first hit.
const COUNT_HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

type CountingRedis = Redis & {
  countHit(key: string, windowMs: number): Promise<[count: number, ttlMs: number]>;
};

// Expired memory entries are dropped this often, so the map stays as small as the live keys.
const MEMORY_SWEEP_MS = 60_000;

function createMemoryStore(keyPrefix: string): RateLimitStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  }, MEMORY_SWEEP_MS);
  sweep.unref();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    kind: 'memory',
    fastifyOptions: (namespace) => ({
      nameSpace: `${keyPrefix}:${namespace}:`,
      skipOnError: false,
    }),
    async increment(key, windowMs) {
      const name = `${keyPrefix}:${key}`;
      const entry = live(name) ?? { count: 0, expiresAt: Date.now() + windowMs };
      entry.count += 1;
      entries.set(name, entry);
      return { count: entry.count, resetInMs: entry.expiresAt - Date.now() };
    },
    peek: async (key) => live(`${keyPrefix}:${key}`)?.count ?? 0,
    async setIfAbsent(key, ttlMs) {
      const name = `${keyPrefix}:${key}`;
      if (live(name)) return false;
      entries.set(name, { count: 1, expiresAt: Date.now() + ttlMs });
      return true;
    },
    close: async () => clearInterval(sweep),
  };
}

/** Counts one hit on `key`; a RateLimitedError once the window holds more than `max`. */
export async function enforceLimit(
  store: RateLimitStore,
  key: string,
  max: number,
  windowMs: number,
): Promise<void> {
  const { count, resetInMs } = await store.increment(key, windowMs);
  if (count > max) throw new RateLimitedError(Math.ceil(resetInMs / 1000));
}

export async function createRateLimitStore(
  redisUrl: string | undefined,
  keyPrefix = 'rl',
): Promise<RateLimitStore> {
  if (!redisUrl) return createMemoryStore(keyPrefix);
  // Fail fast rather than queue requests while Redis is away: a request is then served without
  // its limit instead of failing, and the client reconnects in the background. The limits
  // defend against abuse; an outage of the counters must not become an outage of the portal.
  // Auto-pipelining sends the commands of concurrent requests in one write; a hit is one script
  // call (a MULTI block would not be pipelined with others).
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    lazyConnect: true,
  }) as CountingRedis;
  redis.defineCommand('countHit', { numberOfKeys: 1, lua: COUNT_HIT_SCRIPT });
  redis.on('error', () => undefined);
  await redis.connect();
  return {
    kind: 'redis',
    fastifyOptions: (namespace) => ({
      redis,
      nameSpace: `${keyPrefix}:${namespace}:`,
      skipOnError: true,
    }),
    async increment(key, windowMs) {
      const name = `${keyPrefix}:${key}`;
      try {
        const [count, ttl] = await redis.countHit(name, windowMs);
        return { count, resetInMs: ttl > 0 ? ttl : windowMs };
      } catch {
        return { count: 0, resetInMs: windowMs };
      }
    },
    async peek(key) {
      try {
        return Number(await redis.get(`${keyPrefix}:${key}`)) || 0;
      } catch {
        return 0;
      }
    },
    async setIfAbsent(key, ttlMs) {
      // Unlike a rate limit, a replay check must not fail open: an error refuses the payload.
      const stored = await redis.set(`${keyPrefix}:${key}`, '1', 'PX', ttlMs, 'NX');
      return stored === 'OK';
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
