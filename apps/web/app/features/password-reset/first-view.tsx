import { useState, useSyncExternalStore } from 'react';
import { RESET_FLOW_STORAGE_KEY } from './reset-flow-storage';

/**
 * The reset pages are prerendered with what a visitor without a reset in this tab sees (the
 * notice), since the tab's reset lives in sessionStorage, which a prerender cannot read. This
 * attribute on `<html>` marks a document opened with a reset in progress (the e-mail's link, a
 * reload mid-reset): the notice stays hidden until the page's part has read the reset and shows
 * the form instead.
 */
const PENDING_ATTRIBUTE = 'data-reset-pending';

/** Hides the prerendered notice while a reset in progress is being read (see PENDING_ATTRIBUTE). */
export const FIRST_VIEW_CLASS = '[[data-reset-pending]_&]:invisible';

// Runs as the document is parsed (the build moves it into a file of its own, for the CSP), before
// the notice below it is painted. React renders but never runs it on a client-side navigation.
const PENDING_SCRIPT = `try{var s=sessionStorage.getItem(${JSON.stringify(RESET_FLOW_STORAGE_KEY)});if(/^#(.*&)?sesi=/.test(location.hash)||(s&&JSON.parse(s).session))document.documentElement.setAttribute('${PENDING_ATTRIBUTE}','')}catch(e){}`;

export function ResetPendingScript() {
  return <script dangerouslySetInnerHTML={{ __html: PENDING_SCRIPT }} />;
}

/** The part has read the tab's reset and shows what it decided. */
export function resetRead(): void {
  document.documentElement.removeAttribute(PENDING_ATTRIBUTE);
}

const subscribeNever = () => () => {};

/**
 * True when this render hydrates the prerendered page, false when the page is rendered in the
 * browser (a client-side navigation). Kept for the component's life, so the first view is not
 * swapped for nothing once hydration is over.
 */
export function useHydratingFirstView(): boolean {
  const hydrating = useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
  const [firstView] = useState(hydrating);
  return firstView;
}
