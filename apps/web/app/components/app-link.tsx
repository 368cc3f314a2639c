import type { ComponentProps } from 'react';
import { Link } from 'react-router';

/** A path of this app goes through the router; any other address is an ordinary link. */
export const isAppPath = (to: string): boolean => to.startsWith('/') && !to.startsWith('//');

/**
 * A link to an address that configuration may point inside the app or outside it (the admin
 * portal, SPEC §2): the router's link for a path of the app, else an anchor.
 */
export function AppLink({ to, ...props }: { to: string } & Omit<ComponentProps<'a'>, 'href'>) {
  return isAppPath(to) ? <Link to={to} {...props} /> : <a href={to} rel="noopener" {...props} />;
}
