import { defaultPageTitle } from '@portal/contracts/brand';
import { useLayoutEffect } from 'react';
import { brand } from '~/config';

/** Sets the document title: the page's own title followed by the default title of SPEC §9. */
export function PageTitle({ title }: { title?: string }) {
  const base = defaultPageTitle(brand);
  const text = title ? `${title} | ${base}` : base;
  useLayoutEffect(() => {
    document.title = text;
  }, [text]);
  // Preact does not hoist a <title> into <head> as React 19 does: the prerender moves this one
  // there (entry.server.tsx), and in the browser the effect keeps the document's title.
  return typeof document === 'undefined' ? <title>{text}</title> : null;
}
