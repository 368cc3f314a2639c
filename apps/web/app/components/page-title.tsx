import { defaultPageTitle } from '@portal/contracts/brand';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { brand } from '~/config';

/**
 * The document's title in the browser. A page sets it (PageTitle); the head renders it
 * (DocumentTitle), so hydration keeps the prerendered `<title>` element instead of removing it
 * and then making it again, with its round trip to the browser, in the task that hydrates.
 */
let current: string | undefined;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const titleNow = () => current ?? document.title;

function setDocumentTitle(text: string) {
  if (text === titleNow()) return;
  current = text;
  for (const listener of listeners) listener();
}

/**
 * The `<title>` in the head. Only in the browser: the prerender takes the page's own (see
 * PageTitle), which this then hydrates.
 */
export function DocumentTitle() {
  return typeof document === 'undefined' ? null : <BrowserTitle />;
}

function BrowserTitle() {
  return <title>{useSyncExternalStore(subscribe, titleNow, titleNow)}</title>;
}

/** Sets the document title: the page's own title followed by the default title of SPEC §9. */
export function PageTitle({ title }: { title?: string }) {
  const base = defaultPageTitle(brand);
  const text = title ? `${title} | ${base}` : base;
  useLayoutEffect(() => setDocumentTitle(text), [text]);
  // Preact does not hoist a <title> into <head> as React 19 does: the prerender moves this one
  // there (entry.server.tsx), and in the browser DocumentTitle renders it.
  return typeof document === 'undefined' ? <title>{text}</title> : null;
}
