import { Suspense, use } from 'react';
import type { ReactNode } from 'react';

/**
 * Preact hydrates a page in one task; a long one blocks input (Lighthouse's Total Blocking Time).
 * A subtree wrapped here suspends during the first hydration and resumes `turn` tasks later,
 * each turn in a task of its own, while its prerendered markup stays on screen
 * (docs/decisions/0211-preact-renderer.md). After the first hydration it renders at once.
 */
let deferring = typeof document !== 'undefined';
const turns: Promise<void>[] = [];

const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

function afterTurn(turn: number): Promise<void> {
  for (let next = turns.length; next <= turn; next += 1) {
    turns[next] = (turns[next - 1] ?? Promise.resolve()).then(nextTask);
  }
  return turns[turn] as Promise<void>;
}

/** Called once the first hydration pass has returned: later renders are not deferred. */
export function stopDeferringHydration() {
  deferring = false;
}

/** Resolves once every deferred subtree of the first hydration has hydrated. */
export function deferredHydrationDone(): Promise<void> {
  const last = turns.at(-1) ?? Promise.resolve();
  // One task more: the last turn's own render runs after its promise resolves.
  return last.then(nextTask);
}

function Gate({ turn, children }: { turn: number; children: ReactNode }) {
  if (deferring) use(afterTurn(turn));
  return children;
}

type HydrateLaterProps = {
  /** Order of resumption; subtrees with the same turn hydrate in the same task. */
  turn: number;
  /** One element: Preact keeps the markup of a suspended subtree by its first DOM node. */
  children: ReactNode;
};

export function HydrateLater({ turn, children }: HydrateLaterProps) {
  return (
    <Suspense fallback={null}>
      <Gate turn={turn}>{children}</Gate>
    </Suspense>
  );
}
