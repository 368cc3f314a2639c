import { Suspense, createContext, use, useContext, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * Preact hydrates a page in one task; a long one blocks input (Lighthouse's Total Blocking Time)
 * and costs a cheap phone time it may never need to spend. A subtree wrapped here suspends
 * during the first hydration while its prerendered markup stays on screen and readable
 * (docs/decisions/0211-preact-renderer.md), and hydrates later, in a task of its own:
 * - `whenVisible`: once it comes near the viewport, or as soon as the visitor reaches for it.
 *   For what is below the fold: a phone that never scrolls there never spends the time.
 * - `whenTouched`: as soon as the visitor reaches for it (a touch, a pointer press, focus or a
 *   key inside it). For what is on the first screen but works as plain HTML until then (links,
 *   the navbar's buttons): the page hydrates nothing but its frame at load.
 * - `soon`: in the task right after the first hydration pass (or earlier, when reached for).
 *   Splits what must hydrate at load into two tasks, each short enough to answer a tap.
 * A click that lands before its subtree has hydrated is held and replayed once it has, and a
 * form control the visitor typed or picked in before then tells its handlers as it hydrates
 * (see `replayEdits`): the prerendered page works before its script does, and nothing done on
 * it is lost. Renders after the first hydration (client navigations) are not deferred.
 */

/** How far below (and above) the viewport a `whenVisible` subtree starts to hydrate. */
const VISIBLE_MARGIN = '25% 0px';
/** Events that announce an interaction is coming: the subtree hydrates before it arrives. */
const EARLY_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

let firstPass = typeof document !== 'undefined';
let replaying = false;
const closedGates = new Set<HydrationGate>();

let hydrated: Promise<void> | undefined;

/** A promise of the next task (a `setTimeout`), so that work after it runs in a task of its own. */
export const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

/** Resolves a task after the first hydration pass: the page's frame is interactive. */
export function firstHydrationDone(): Promise<void> {
  hydrated ??= nextTask();
  return hydrated;
}

let startJobs: Promise<void> | undefined;

/**
 * Runs `job` once the first hydration pass is done, in a task of its own, after the jobs queued
 * before it. For the page's start-up work (toggles, the stored language, the page view): in one
 * task after hydration it blocked a cheap phone for as long as hydration itself.
 */
export function inTaskAfterHydration(job: () => void): void {
  startJobs = (startJobs ?? firstHydrationDone()).then(nextTask).then(() => {
    try {
      job();
    } catch (error) {
      // One failed job must not stop the ones queued after it.
      window.reportError(error);
    }
  });
}

/** Called once the first hydration pass has returned: later renders are not deferred. */
export function stopDeferringHydration() {
  firstPass = false;
  replayEdits((control) => !awaitsHydration(control));
  void firstHydrationDone();
}

/**
 * Hydrates every deferred subtree still waiting, each in a task of its own. For a change
 * that all text must show at once (a language switch): a subtree that has not hydrated keeps
 * its prerendered markup, which screen readers read too.
 */
export function hydrateAllNow() {
  for (const gate of closedGates) gate.open();
}

/** True while a click that arrived before its subtree had hydrated is dispatched again. */
export const isReplayedClick = (): boolean => replaying;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isControl = (target: EventTarget | null): target is Control =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLSelectElement ||
  target instanceof HTMLTextAreaElement;
// A checkbox or radio changes by a click, which is replayed as one (see `holdClick`).
const byClick = (control: Control) =>
  control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');

/** True when the visitor has put something in the control that its markup did not hold. */
function editedInMarkup(control: Control): boolean {
  if (control instanceof HTMLSelectElement) {
    if (control.multiple) return false;
    // A select shows its last option marked `selected` in the markup, or its first.
    const marked = [...control.options].reduce(
      (last, option, index) => (option.defaultSelected ? index : last),
      0,
    );
    return control.selectedIndex !== marked;
  }
  return control.type !== 'hidden' && control.value !== control.defaultValue;
}

/** What the visitor typed or picked where no handler listened yet, by control, in order. */
const pendingEdits = new Map<Control, string>();
/** The wrappers of the subtrees that have not hydrated. */
const pendingWrappers = new Set<HTMLElement>();
const awaitsHydration = (control: Control) =>
  firstPass || [...pendingWrappers].some((wrapper) => wrapper.contains(control));

/**
 * Keeps what the visitor types or picks in the page before its handlers are there: what the
 * prerendered controls already hold when the script starts, then every edit until the control's
 * subtree has hydrated. Hydration may put back the value a component holds, so the value is kept
 * from the edit, and given back with the event the handlers listen to once they are there (see
 * `replayEdits`). Called once, before hydrating.
 */
export function keepEarlyEdits(root: ParentNode = document) {
  for (const control of root.querySelectorAll('input, select, textarea')) {
    if (isControl(control) && !byClick(control) && editedInMarkup(control))
      pendingEdits.set(control, control.value);
  }
  const keep = (event: Event) => {
    const { target } = event;
    if (replayingEdits || !isControl(target) || byClick(target) || !awaitsHydration(target)) return;
    pendingEdits.delete(target);
    pendingEdits.set(target, target.value);
  };
  for (const type of ['input', 'change']) root.addEventListener(type, keep, { capture: true });
}

let replayingEdits = false;

/** Gives the kept edits of controls that now have their handlers (`within` them) back, in order. */
function replayEdits(within: (control: Control) => boolean) {
  replayingEdits = true;
  try {
    for (const [control, value] of pendingEdits) {
      if (!within(control)) continue;
      pendingEdits.delete(control);
      if (!control.isConnected) continue;
      control.value = value;
      control.dispatchEvent(
        new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
      );
    }
  } finally {
    replayingEdits = false;
  }
}

/** Opens a deferred subtree: when it nears the viewport (if asked) or the visitor reaches for it. */
class HydrationGate {
  opened = false;
  isHydrated = false;
  private wrapper: HTMLElement | undefined;
  readonly opening: Promise<void>;
  readonly hydration: Promise<void>;
  readonly open: () => void;
  readonly markHydrated: () => void;

  constructor(readonly mode: 'visible' | 'touched' | 'soon') {
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
      const { wrapper } = this;
      if (wrapper) {
        pendingWrappers.delete(wrapper);
        replayEdits((control) => wrapper.contains(control) && !awaitsHydration(control));
      }
      hydrationDone();
    };
  }

  /** Watches the wrapper; returns what stops watching. */
  watch(wrapper: HTMLElement): () => void {
    this.wrapper = wrapper;
    if (!this.isHydrated) pendingWrappers.add(wrapper);
    const open = () => this.open();
    let observer: IntersectionObserver | undefined;
    if (this.mode === 'soon') void firstHydrationDone().then(open);
    if (this.mode === 'visible') {
      if (typeof IntersectionObserver === 'undefined') {
        open();
        return () => {};
      }
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) open();
        },
        { rootMargin: VISIBLE_MARGIN },
      );
      // The wrapper has no box of its own (display: contents); its child has.
      observer.observe(wrapper.firstElementChild ?? wrapper);
    }
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
      observer?.disconnect();
      for (const type of EARLY_EVENTS) wrapper.removeEventListener(type, open, { capture: true });
      wrapper.removeEventListener('click', holdClick, { capture: true });
    };
    // Once hydrated, the subtree's own handlers take over; a replay still pending has run.
    void this.hydration.then(() => window.setTimeout(stop, 0));
    return () => {
      stop();
      closedGates.delete(this);
      pendingWrappers.delete(wrapper);
    };
  }
}

/**
 * The `soon` gate whose subtree is hydrating. That hydration is still the page's start, so the
 * deferred subtrees inside it stay deferred; once it has hydrated, what mounts inside it (a
 * client navigation) renders at once.
 */
const SoonGate = createContext<HydrationGate | undefined>(undefined);

function Gate({ gate, children }: { gate: HydrationGate | undefined; children: ReactNode }) {
  if (gate && !gate.isHydrated) use(gate.opening);
  if (!gate) return children;
  const hydrated = <Hydrated gate={gate}>{children}</Hydrated>;
  return gate.mode === 'soon' ? <SoonGate value={gate}>{hydrated}</SoonGate> : hydrated;
}

function Hydrated({ gate, children }: { gate: HydrationGate; children: ReactNode }) {
  useLayoutEffect(gate.markHydrated, [gate]);
  return children;
}

type HydrateLaterProps = {
  /** One element: Preact keeps the markup of a suspended subtree by its first DOM node. */
  children: ReactNode;
} & (
  | {
      /** Hydrate near the viewport or on the first interaction, not at load. */
      whenVisible: true;
      whenTouched?: never;
      soon?: never;
    }
  | {
      /** Hydrate on the first interaction only. */
      whenTouched: true;
      whenVisible?: never;
      soon?: never;
    }
  | {
      /** Hydrate in the task after the first hydration pass. */
      soon: true;
      whenVisible?: never;
      whenTouched?: never;
    }
);

export function HydrateLater({ whenVisible, soon, children }: HydrateLaterProps) {
  const soonGate = useContext(SoonGate);
  const [gate] = useState(() =>
    firstPass || (soonGate !== undefined && !soonGate.isHydrated)
      ? new HydrationGate(whenVisible === true ? 'visible' : soon === true ? 'soon' : 'touched')
      : undefined,
  );
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
  // The wrapper is prerendered too, so the markup matches; it takes no part in the layout.
  return (
    <div ref={wrapper} className="contents">
      <Suspense fallback={null}>
        <Gate gate={gate}>{children}</Gate>
      </Suspense>
    </div>
  );
}
