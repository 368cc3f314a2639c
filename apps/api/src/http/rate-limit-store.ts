import { Redis } from 'ioredis';

/**
 * Where rate-limit counters live: Redis when several instances must share them, otherwise
 * this process's memory (DESIGN.md: embedded default).
 */
export type RateLimitStore = {
  kind: 'redis' | 'memory';
  redis: Redis | undefined;
  /** Options for @fastify/rate-limit: counters under their own namespace. */
  fastifyOptions(namespace: string): { redis?: Redis; nameSpace: string; skipOnError: boolean };
  close(): Promise<void>;
};

export async function createRateLimitStore(
  redisUrl: string | undefined,
  keyPrefix = 'rl',
): Promise<RateLimitStore> {
  if (!redisUrl) {
    return {
      kind: 'memory',
      redis: undefined,
      fastifyOptions: (namespace) => ({
        nameSpace: `${keyPrefix}:${namespace}:`,
        skipOnError: false,
      }),
      close: async () => undefined,
    };
  }
  // Fail fast rather than queue requests while Redis is away: a request is then served without
  // its limit (skipOnError) instead of failing, and the client reconnects in the background.
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  redis.on('error', () => undefined);
  await redis.connect();
  return {
    kind: 'redis',
    redis,
    fastifyOptions: (namespace) => ({
      redis,
      nameSpace: `${keyPrefix}:${namespace}:`,
      skipOnError: true,
    }),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
