import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../test-support/test-app';
import { createRateLimitStore, type RateLimitStore } from './rate-limit-store';

// The same behaviour from both stores: the in-memory one always, Redis when REDIS_URL is set
// (CI's second pass), each test under a fresh prefix so runs never share counters.
const stores: Array<[string, string | undefined]> = [['memory', undefined]];
if (testRedisUrl) stores.push(['redis', testRedisUrl]);

describe.each(stores)('rate-limit store (%s)', (_kind, url) => {
  const root = `test-${randomUUID()}`;
  const opened: RateLimitStore[] = [];
  let clock = Date.parse('2026-03-02T03:00:00Z');
  const open = async () => {
    const store = await createRateLimitStore(
      url,
      `${root}-${opened.length}`,
      () => new Date(clock),
    );
    opened.push(store);
    return store;
  };
  // Redis keeps its own time: there, time passes by taking it off each key's time to live (a
  // key whose time runs out is gone, as Redis would have expired it).
  const redis = url ? new Redis(url, { lazyConnect: true }) : undefined;
  /** Moves the stores' time on by `ms`, without waiting. */
  const later = async (ms: number) => {
    clock += ms;
    if (!redis) return;
    for (const key of await redis.keys(`${root}-*`)) {
      const ttl = await redis.pttl(key);
      if (ttl > ms) await redis.pexpire(key, ttl - ms);
      else if (ttl >= 0) await redis.del(key);
    }
  };
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await redis?.quit();
  });

  it('counts every hit of concurrent requests exactly once within the window', async () => {
    const store = await open();
    const results = await Promise.all(
      Array.from({ length: 25 }, () => store.increment('ip:1', 60_000)),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    for (const { resetInMs } of results) {
      expect(resetInMs).toBeGreaterThan(50_000);
      expect(resetInMs).toBeLessThanOrEqual(60_000);
    }
    expect((await store.increment('ip:2', 60_000)).count).toBe(1);
  });

  // Windows of a minute, moved half of one at a time: in Redis the real milliseconds a test
  // takes stay far from either edge.
  const WINDOW = 60_000;

  it('reads a count without counting a hit, and nothing once the window has passed', async () => {
    const store = await open();
    expect(await store.peek('failures')).toBe(0);
    await store.increment('failures', WINDOW);
    await store.increment('failures', WINDOW);
    expect(await store.peek('failures')).toBe(2);
    expect(await store.peek('failures')).toBe(2);
    await later(WINDOW / 2);
    expect(await store.peek('failures')).toBe(2);
    await later(WINDOW / 2);
    expect(await store.peek('failures')).toBe(0);
  });

  it('starts a new window once the first one has passed, not at every hit', async () => {
    const store = await open();
    await store.increment('target', WINDOW);
    await later(WINDOW / 2);
    const second = await store.increment('target', WINDOW);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeLessThanOrEqual(WINDOW / 2);
    await later(WINDOW / 2);
    expect((await store.increment('target', WINDOW)).count).toBe(1);
  });

  it('stores a key once until it expires (used bot-check challenges)', async () => {
    const store = await open();
    expect(await store.setIfAbsent('challenge', WINDOW)).toBe(true);
    expect(await store.setIfAbsent('challenge', WINDOW)).toBe(false);
    await later(WINDOW / 2);
    expect(await store.setIfAbsent('challenge', WINDOW)).toBe(false);
    await later(WINDOW / 2);
    expect(await store.setIfAbsent('challenge', WINDOW)).toBe(true);
  });

  it('keeps the counters of different prefixes apart', async () => {
    const [one, two] = [await open(), await open()];
    await one.increment('shared', 60_000);
    await one.increment('shared', 60_000);
    expect((await two.increment('shared', 60_000)).count).toBe(1);
  });
});
