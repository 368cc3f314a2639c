import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation inside the app, focus moves to the page's main region (`#main`) when nothing
 * else holds it: the link or button that led here is gone, so focus would rest on the body and a
 * screen reader would not know where it is. It then reads the new page from its start, and Tab
 * goes on from there. A page that focuses something of its own (a field, a dialog, an error
 * summary) keeps it; a page load is left alone, as is the scroll position (back and forward
 * restore theirs).
 */
export function useFocusAfterNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (pathname === previous.current) return;
    previous.current = pathname;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}
