/** Runs `work` once the main thread is idle (at once, in a later task, where the browser cannot tell). */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work());
  else window.setTimeout(work, 0);
}
