import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../test-support/test-app';
import { createRateLimitStore, type RateLimitStore } from './rate-limit-store';

// The same behaviour from both stores: the in-memory one always, Redis when REDIS_URL is set
// (CI's second pass), each test under a fresh prefix so runs never share counters.
const stores: Array<[string, string | undefined]> = [['memory', undefined]];
if (testRedisUrl) stores.push(['redis', testRedisUrl]);

describe.each(stores)('rate-limit store (%s)', (_kind, url) => {
  const opened: RateLimitStore[] = [];
  const open = async () => {
    const store = await createRateLimitStore(url, `test-${randomUUID()}`);
    opened.push(store);
    return store;
  };
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
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

  it('reads a count without counting a hit, and nothing once the window has passed', async () => {
    const store = await open();
    expect(await store.peek('failures')).toBe(0);
    await store.increment('failures', 200);
    await store.increment('failures', 200);
    expect(await store.peek('failures')).toBe(2);
    expect(await store.peek('failures')).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await store.peek('failures')).toBe(0);
  });

  it('starts a new window once the first one has passed, not at every hit', async () => {
    const store = await open();
    await store.increment('target', 300);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const second = await store.increment('target', 300);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeLessThanOrEqual(160);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await store.increment('target', 300)).count).toBe(1);
  });

  it('stores a key once until it expires (used bot-check challenges)', async () => {
    const store = await open();
    expect(await store.setIfAbsent('challenge', 200)).toBe(true);
    expect(await store.setIfAbsent('challenge', 200)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await store.setIfAbsent('challenge', 200)).toBe(true);
  });

  it('keeps the counters of different prefixes apart', async () => {
    const [one, two] = [await open(), await open()];
    await one.increment('shared', 60_000);
    await one.increment('shared', 60_000);
    expect((await two.increment('shared', 60_000)).count).toBe(1);
  });
});
