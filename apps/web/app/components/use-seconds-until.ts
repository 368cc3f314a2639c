import { useEffect, useState } from 'react';

const secondsUntil = (at: number | null, now: number) =>
  at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));

/** Whole seconds left until an epoch-millisecond moment, ticking once a second; 0 once passed. */
export function useSecondsUntil(at: number | null): number {
  const [, setNow] = useState(Date.now);
  // Counted in render, not copied into state by an effect: a new moment (a resent code) shows
  // its countdown in the same render, never a frame of a stale 0 with the resend button enabled.
  const seconds = secondsUntil(at, Date.now());
  useEffect(() => {
    if (at === null || at <= Date.now()) return;
    const timer = window.setInterval(() => {
      const now = Date.now();
      setNow(now);
      if (secondsUntil(at, now) === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return seconds;
}
