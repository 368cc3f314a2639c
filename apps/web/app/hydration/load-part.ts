import { whenIdle } from './when-idle';

/**
 * A part of a page whose code comes after the page's first script, read with React's
 * `use` inside a Suspense boundary. Loading starts when the route's module runs, not when React
 * first renders the part; the promise carries React's thenable status, so that once the code is
 * here (always, when the page is prerendered at build time) `use` reads it without suspending:
 * the part is in the prerendered HTML in place, and in the browser it hydrates on arrival.
 */
export function loadPart<T>(load: () => Promise<T>): Promise<T> {
  const part = load() as Promise<T> & { status: string; value?: T; reason?: unknown };
  loading.add(part);
  part.status = 'pending';
  part.then(
    (value) => {
      part.status = 'fulfilled';
      part.value = value;
    },
    (reason: unknown) => {
      part.status = 'rejected';
      part.reason = reason;
    },
  );
  return part;
}

const loading = new Set<Promise<unknown>>();

// React hydrates an arrived part in tasks of its own; the main thread is idle once it is done.
const idle = () => new Promise<void>((resolve) => whenIdle(resolve));

/**
 * Resolves once the parts asked for so far have arrived and the main thread fell idle after
 * React hydrated them. A change that re-renders a part's text (the visitor's language) waits for this: a part
 * hydrated after the change would not match its prerendered HTML (React error #418).
 */
export async function partsHydrated(): Promise<void> {
  // A part's module may ask for parts of its own as it runs, before its promise settles.
  for (let seen = -1; seen !== loading.size;) {
    seen = loading.size;
    await Promise.allSettled([...loading]);
  }
  await idle();
  await idle();
}
