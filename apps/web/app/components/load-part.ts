/**
 * A part of a page whose code comes after the page's first script (issue 38), read with React's
 * `use` inside a Suspense boundary. Loading starts when the route's module runs, not when React
 * first renders the part; the promise carries React's thenable status, so that once the code is
 * here (always, when the page is prerendered at build time) `use` reads it without suspending:
 * the part is in the prerendered HTML in place, and in the browser it hydrates on arrival.
 */
export function loadPart<T>(load: () => Promise<T>): Promise<T> {
  const part = load() as Promise<T> & { status: string; value?: T; reason?: unknown };
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
