import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { RateLimitedError } from '../http/domain-errors';
import { systemClock, type Clock } from '../jobs/clock';

/**
 * Where short-lived counters live (rate limits, used bot-check challenges): Redis when several
 * instances must share them, otherwise this process's memory (DESIGN.md: embedded default).
 */
export type RateLimitStore = {
  kind: 'redis' | 'memory';
  /** Options for @fastify/rate-limit: its counters kept by this store, under their own namespace. */
  fastifyOptions(namespace: string): { store: FastifyRateLimitStoreCtor; skipOnError: false };
  /** Counts one more hit on `key` in a fixed window; returns the count and when it resets. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** The count of `key` in its current window, without counting a hit (0 when none). */
  peek(key: string): Promise<number>;
  /** Stores `key` for `ttlMs` unless present; true when this call stored it. */
  setIfAbsent(key: string, ttlMs: number): Promise<boolean>;
  /**
   * Whether the counters are in this process's memory for want of Redis now, and how many
   * counter calls fell back to memory since start (always false and 0 without Redis).
   */
  fallback(): { inUse: boolean; calls: number };
  close(): Promise<void>;
};

/**
 * @fastify/rate-limit's store interface over our counters, so its limits hold through a Redis
 * outage like the others (its own Redis store can only skip them then).
 */
function fastifyStore(
  increment: RateLimitStore['increment'],
  namespace: string,
): FastifyRateLimitStoreCtor {
  return class CounterStore implements FastifyRateLimitStore {
    incr(...[key, done, windowMs]: Parameters<FastifyRateLimitStore['incr']>) {
      increment(`${namespace}:${key}`, windowMs).then(
        ({ count, resetInMs }) => done(null, { current: count, ttl: resetInMs }),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

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

function createMemoryStore(keyPrefix: string, now: Clock): RateLimitStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const nowMs = () => now().getTime();
  const sweep = setInterval(() => {
    const at = nowMs();
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
  }, MEMORY_SWEEP_MS);
  sweep.unref();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= nowMs()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const store: RateLimitStore = {
    kind: 'memory',
    fastifyOptions: (namespace) => ({
      store: fastifyStore((key, windowMs) => store.increment(key, windowMs), namespace),
      skipOnError: false,
    }),
    async increment(key, windowMs) {
      const name = `${keyPrefix}:${key}`;
      const entry = live(name) ?? { count: 0, expiresAt: nowMs() + windowMs };
      entry.count += 1;
      entries.set(name, entry);
      return { count: entry.count, resetInMs: entry.expiresAt - nowMs() };
    },
    peek: async (key) => live(`${keyPrefix}:${key}`)?.count ?? 0,
    async setIfAbsent(key, ttlMs) {
      const name = `${keyPrefix}:${key}`;
      if (live(name)) return false;
      entries.set(name, { count: 1, expiresAt: nowMs() + ttlMs });
      return true;
    },
    fallback: () => ({ inUse: false, calls: 0 }),
    close: async () => clearInterval(sweep),
  };
  return store;
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

/**
 * The counters: in Redis when `redisUrl` is set, else in memory. `now` is the memory counters'
 * clock (tests move it); Redis keys expire by Redis's own.
 */
export async function createRateLimitStore(
  redisUrl: string | undefined,
  keyPrefix = 'rl',
  now: Clock = systemClock,
): Promise<RateLimitStore> {
  if (!redisUrl) return createMemoryStore(keyPrefix, now);
  // Fail fast rather than queue requests while Redis is away, and count in this process's
  // memory meanwhile: every limit keeps holding, per instance (so N instances allow N times as
  // much until Redis is back), and an outage of the counters never becomes an outage of the
  // portal. The client reconnects in the background; counts go back to Redis when it answers.
  // (decision 0237)
  const fallback = createMemoryStore(keyPrefix, now);
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
  let fallbackCalls = 0;
  const fellBack = () => {
    fallbackCalls += 1;
    return fallback;
  };
  const store: RateLimitStore = {
    kind: 'redis',
    fastifyOptions: (namespace) => ({
      store: fastifyStore((key, windowMs) => store.increment(key, windowMs), namespace),
      skipOnError: false,
    }),
    async increment(key, windowMs) {
      const name = `${keyPrefix}:${key}`;
      try {
        const [count, ttl] = await redis.countHit(name, windowMs);
        return { count, resetInMs: ttl > 0 ? ttl : windowMs };
      } catch {
        return fellBack().increment(key, windowMs);
      }
    },
    async peek(key) {
      try {
        return Number(await redis.get(`${keyPrefix}:${key}`)) || 0;
      } catch {
        return fellBack().peek(key);
      }
    },
    async setIfAbsent(key, ttlMs) {
      // A replay check never fails open: while Redis is away this instance remembers what it saw.
      try {
        const stored = await redis.set(`${keyPrefix}:${key}`, '1', 'PX', ttlMs, 'NX');
        return stored === 'OK';
      } catch {
        return fellBack().setIfAbsent(key, ttlMs);
      }
    },
    fallback: () => ({ inUse: redis.status !== 'ready', calls: fallbackCalls }),
    async close() {
      await fallback.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
  return store;
}
