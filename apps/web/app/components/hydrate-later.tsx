import { Suspense, use, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * Preact hydrates a page in one task; a long one blocks input (Lighthouse's Total Blocking Time).
 * A subtree wrapped here suspends during the first hydration while its prerendered markup stays
 * on screen (docs/decisions/0211-preact-renderer.md), and resumes later in a task of its own:
 * - `turn`: at load, `turn` tasks after the first pass. For what the visitor sees first.
 * - `whenVisible`: only once it comes near the viewport, or as soon as the visitor touches,
 *   clicks, taps or tabs into it. For what is below the fold: a phone that never scrolls there
 *   never spends the time, and one that does spends it a section at a time. A click that lands
 *   before the subtree has hydrated is replayed once it has.
 * Renders after the first hydration (client navigations) are not deferred.
 *
 * The turns, top of the page first. One subtree a turn: at Lighthouse's 4x CPU slowdown every
 * task longer than 12.5 ms counts towards Total Blocking Time, less 50 ms per task, so each
 * split of a long turn into two takes up to 50 ms off the blocking time.
 */
export const HYDRATION_TURNS = {
  skipLink: 1,
  navbar: 2,
  mobileMenu: 3,
  desktopNav: 4,
  homeHero: 5,
} as const;
export const LAST_TURN = Math.max(...Object.values(HYDRATION_TURNS));

/** How far below (and above) the viewport a `whenVisible` subtree starts to hydrate. */
const VISIBLE_MARGIN = '25% 0px';
/** Events that announce an interaction is coming: the subtree hydrates before it arrives. */
const EARLY_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

let deferring = typeof document !== 'undefined';
let firstPass = typeof document !== 'undefined';
let replaying = false;
const closedGates = new Set<VisibilityGate>();
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
 * Resolves once every `turn` subtree of the first hydration has hydrated: one task after the
 * last turn, since that turn's own render runs after its promise resolves. Until then turns
 * defer, so one nested in a deferred subtree (a navbar menu) still waits for its own turn.
 * `whenVisible` subtrees are not waited for: they may never be needed.
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
  firstPass = false;
  void deferredHydrationDone();
}

/**
 * Hydrates every `whenVisible` subtree still waiting, each in a task of its own. For a change
 * that all text must show at once (a language switch): a subtree that has not hydrated keeps
 * its prerendered markup, which screen readers read too.
 */
export function hydrateAllNow() {
  for (const gate of closedGates) gate.open();
}

/** True while a click that arrived before its subtree had hydrated is dispatched again. */
export const isReplayedClick = (): boolean => replaying;

/** Opens a `whenVisible` subtree: when it nears the viewport or the visitor reaches for it. */
class VisibilityGate {
  opened = false;
  isHydrated = false;
  readonly opening: Promise<void>;
  readonly hydration: Promise<void>;
  readonly open: () => void;
  readonly markHydrated: () => void;

  constructor() {
    closedGates.add(this);
    let resolveOpening!: () => void;
    this.opening = new Promise((resolve) => (resolveOpening = resolve));
    // A task of its own: subtrees that come into view together still hydrate one a task.
    this.open = () => {
      if (this.opened) return;
      this.opened = true;
      closedGates.delete(this);
      window.setTimeout(resolveOpening, 0);
    };
    let hydrationDone!: () => void;
    this.hydration = new Promise((resolve) => (hydrationDone = resolve));
    this.markHydrated = () => {
      this.isHydrated = true;
      hydrationDone();
    };
  }

  /** Watches the wrapper; returns what stops watching. */
  watch(wrapper: HTMLElement): () => void {
    if (typeof IntersectionObserver === 'undefined') {
      this.open();
      return () => {};
    }
    const open = () => this.open();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) open();
      },
      { rootMargin: VISIBLE_MARGIN },
    );
    // The wrapper has no box of its own (display: contents); its child has.
    observer.observe(wrapper.firstElementChild ?? wrapper);
    const holdClick = (event: MouseEvent) => {
      if (this.isHydrated || replaying) return;
      const { target } = event;
      // A click that opens a new tab or window does what it does without the page's script.
      const plain =
        event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
      if (!plain || !(target instanceof HTMLElement)) return;
      event.preventDefault();
      event.stopPropagation();
      open();
      void this.hydration.then(() => {
        if (!target.isConnected) return;
        replaying = true;
        try {
          target.click();
        } finally {
          replaying = false;
        }
      });
    };
    for (const type of EARLY_EVENTS)
      wrapper.addEventListener(type, open, { capture: true, passive: true });
    wrapper.addEventListener('click', holdClick, { capture: true });
    const stop = () => {
      observer.disconnect();
      for (const type of EARLY_EVENTS) wrapper.removeEventListener(type, open, { capture: true });
      wrapper.removeEventListener('click', holdClick, { capture: true });
    };
    // Once hydrated, the subtree's own handlers take over; a replay still pending has run.
    void this.hydration.then(() => window.setTimeout(stop, 0));
    return stop;
  }
}

function Gate({
  turn,
  gate,
  children,
}: {
  turn: number | undefined;
  gate: VisibilityGate | undefined;
  children: ReactNode;
}) {
  if (deferring && turn !== undefined) use(afterTurn(turn));
  if (gate && !gate.isHydrated) use(gate.opening);
  return gate ? <Hydrated gate={gate}>{children}</Hydrated> : children;
}

function Hydrated({ gate, children }: { gate: VisibilityGate; children: ReactNode }) {
  useLayoutEffect(gate.markHydrated, [gate]);
  return children;
}

type HydrateLaterProps = {
  /** One element: Preact keeps the markup of a suspended subtree by its first DOM node. */
  children: ReactNode;
} & (
  | {
      /** Order of resumption at load (HYDRATION_TURNS); subtrees with the same turn share a task. */
      turn: number;
      whenVisible?: never;
    }
  | {
      /** Hydrate near the viewport or on the first interaction, not at load. */
      whenVisible: true;
      turn?: never;
    }
);

export function HydrateLater({ turn, whenVisible, children }: HydrateLaterProps) {
  const [gate] = useState(() => (whenVisible && firstPass ? new VisibilityGate() : undefined));
  const wrapper = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (gate && wrapper.current) return gate.watch(wrapper.current);
    return undefined;
  }, [gate]);
  // Rendered again before it has hydrated: what it shows has changed (a toggle), so it
  // hydrates now rather than keep showing the prerendered markup.
  const rendered = useRef(false);
  useLayoutEffect(() => {
    if (rendered.current) gate?.open();
    rendered.current = true;
  });
  const deferred = (
    <Suspense fallback={null}>
      <Gate turn={turn} gate={gate}>
        {children}
      </Gate>
    </Suspense>
  );
  // The wrapper is prerendered too, so the markup matches; it takes no part in the layout.
  return whenVisible ? (
    <div ref={wrapper} className="contents">
      {deferred}
    </div>
  ) : (
    deferred
  );
}
