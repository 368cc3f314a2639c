import { useEffect, useState } from 'react';

const secondsUntil = (at: number | null, now: number) =>
  at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));

/** Whole seconds left until an epoch-millisecond moment, ticking once a second; 0 once passed. */
export function useSecondsUntil(at: number | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(at, Date.now()));
  useEffect(() => {
    setSeconds(secondsUntil(at, Date.now()));
    if (at === null || at <= Date.now()) return;
    const timer = window.setInterval(() => {
      const left = secondsUntil(at, Date.now());
      setSeconds(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return seconds;
}
