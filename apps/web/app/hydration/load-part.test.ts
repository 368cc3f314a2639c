import { describe, expect, it } from 'vitest';
import { loadPart, partsHydrated } from './load-part';

describe('partsHydrated', () => {
  it('waits for every part asked for so far, so a language change comes after they hydrate', async () => {
    let arrive = (_: string) => undefined as void;
    loadPart(() => new Promise<string>((resolve) => (arrive = resolve)));
    let settled = false;
    const waiting = partsHydrated().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    arrive('the part');
    await waiting;
    expect(settled).toBe(true);
  });

  it('settles when a part fails to load, so the language still changes', async () => {
    loadPart(() => Promise.reject(new Error('offline')));
    await expect(partsHydrated()).resolves.toBeUndefined();
  });
});
