import type { WebRoute } from '@portal/contracts/web-routes';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The navigations the service worker may answer with the app shell: the web app's own routes
 * and nothing else. Workbox tests these against the path and query of a navigation, so the
 * sign-in provider (`/oidc/`), the API, `/dev/`, `/docs` and any path the server answers itself
 * always reach the network, whatever is added to the server later (an allow-list cannot go
 * stale the way a deny-list did).
 */
export function navigationAllowlist(routes: readonly WebRoute[]): RegExp[] {
  return routes.map(({ path }) => {
    const pattern = path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/?#]+' : escapeRegExp(segment)))
      .join('/');
    const trailingSlash = path === '/' ? '' : '/?';
    return new RegExp(`^${pattern}${trailingSlash}(?:\\?.*)?$`);
  });
}
