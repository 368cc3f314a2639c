import { ServiceUnavailableError } from './domain-errors';

/**
 * Runs work at most `concurrency` at a time; up to `maxWaiting` more wait their turn, and
 * any beyond are refused with 503 rather than queued for minutes (CPU-bound work such as
 * argon2 or a PDF parse would otherwise take every core from the requests around it).
 */
export function createWorkSlots({
  concurrency,
  maxWaiting,
}: {
  concurrency: number;
  maxWaiting: number;
}) {
  let running = 0;
  const waiting: (() => void)[] = [];

  return async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= maxWaiting) throw new ServiceUnavailableError();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
