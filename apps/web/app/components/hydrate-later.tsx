import { Suspense, use } from 'react';
import type { ReactNode } from 'react';

/**
 * Preact hydrates a page in one task; a long one blocks input (Lighthouse's Total Blocking Time).
 * A subtree wrapped here suspends during the first hydration and resumes `turn` tasks later,
 * each turn in a task of its own, while its prerendered markup stays on screen
 * (docs/decisions/0211-preact-renderer.md). Once the last turn has passed it renders at once.
 *
 * The turns of the deferred subtrees, top of the page first. One subtree a turn: at Lighthouse's
 * 4x CPU slowdown every task longer than 12.5 ms counts towards Total Blocking Time, less 50 ms
 * per task, so each split of a long turn into two takes up to 50 ms off the blocking time.
 */
export const HYDRATION_TURNS = {
  skipLink: 1,
  navbar: 2,
  mobileMenu: 3,
  desktopNav: 4,
  homeHero: 5,
  homeAbout: 6,
  homePartners: 7,
  homeUsers: 8,
  homeGetAccount: 9,
  homeWebinar: 10,
  homeReset: 11,
  homeHelp: 12,
  footer: 13,
} as const;
const LAST_TURN = Math.max(...Object.values(HYDRATION_TURNS));

let deferring = typeof document !== 'undefined';
const turns: Promise<void>[] = [];

const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

function afterTurn(turn: number): Promise<void> {
  for (let next = turns.length; next <= turn; next += 1) {
    turns[next] = (turns[next - 1] ?? Promise.resolve()).then(nextTask);
  }
  return turns[turn] as Promise<void>;
}

let hydrated: Promise<void> | undefined;

/**
 * Resolves once every deferred subtree of the first hydration has hydrated: one task after the
 * last turn, since that turn's own render runs after its promise resolves. Until then subtrees
 * defer, so one nested in a deferred subtree (a navbar menu) still waits for its own turn.
 */
export function deferredHydrationDone(): Promise<void> {
  hydrated ??= afterTurn(LAST_TURN)
    .then(nextTask)
    .then(() => {
      deferring = false;
    });
  return hydrated;
}

/** Called once the first hydration pass has returned: renders after the last turn are not deferred. */
export function stopDeferringHydration() {
  void deferredHydrationDone();
}

function Gate({ turn, children }: { turn: number; children: ReactNode }) {
  if (deferring) use(afterTurn(turn));
  return children;
}

type HydrateLaterProps = {
  /** Order of resumption (HYDRATION_TURNS); subtrees with the same turn hydrate in one task. */
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
