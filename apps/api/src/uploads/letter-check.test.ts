import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../http/domain-errors';
import { manyPagesPdf, objectStreamPdf, onePagePdf } from '../test-support/pdf-fixture';
import { createLetterCheck, LETTER_LIMITS } from './letter-check';

// The route's tests (office-request.test.ts) show the bounds from outside; these show each
// bound of the worker on its own, including the ones behind the text scan.

describe('the letter check', () => {
  it('counts the pages of a letter, up to the bound', async () => {
    const check = createLetterCheck();
    expect(await check.pages(onePagePdf())).toBe(1);
    expect(await check.pages(await objectStreamPdf())).toBe(1);
    expect(await check.pages(manyPagesPdf(LETTER_LIMITS.pages))).toBe(LETTER_LIMITS.pages);
    expect(await check.pages(manyPagesPdf(LETTER_LIMITS.pages + 1))).toBeNull();
  });

  it("ends a worker whose buffers grow past the limit, even when the scan's budget lets it in", async () => {
    const bomb = await objectStreamPdf({ padding: 400 * 1024 * 1024 });
    const check = createLetterCheck({
      limits: { ...LETTER_LIMITS, inflatedBytes: 1024 * 1024 * 1024, deadlineMs: 60_000 },
    });
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const watch = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }, 10);
    const started = Date.now();
    const pages = await check.pages(bomb);
    clearInterval(watch);
    expect(pages).toBeNull();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((rssPeak - rssBefore) / 1024 / 1024).toBeLessThan(300);
  });

  it('ends a worker past its deadline', async () => {
    const check = createLetterCheck({ limits: { ...LETTER_LIMITS, deadlineMs: 1 } });
    expect(await check.pages(onePagePdf())).toBeNull();
  });

  it('reads one letter at a time, lets a few wait and refuses the rest with 503', async () => {
    const check = createLetterCheck({ concurrency: 1, maxWaiting: 1 });
    const letters = [check.pages(onePagePdf()), check.pages(onePagePdf())];
    await expect(check.pages(onePagePdf())).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(await Promise.all(letters)).toEqual([1, 1]);
    expect(await check.pages(onePagePdf())).toBe(1);
  });
});
