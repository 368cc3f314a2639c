import type { FastifyRequest } from 'fastify';
import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import { ForbiddenError } from '../http/domain-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a change sent with the portal's session cookie from anywhere but the web's own origin
 * (403 `cross_site_request`). SameSite=Lax already keeps the cookie off another site's form
 * posts and fetches; this is the second lock for what SameSite does not cover (a sibling
 * subdomain is "same site", an old browser ignores the attribute). The browser's
 * `Sec-Fetch-Site` decides where it is sent; else `Origin`, which every browser sends with a
 * non-GET request. A request naming neither is not a browser's and gets no cookie session.
 */
export function refuseCrossSiteChange(request: FastifyRequest, webOrigin: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const site = request.headers['sec-fetch-site'];
  const sameOrigin =
    site !== undefined ? site === 'same-origin' : request.headers.origin === webOrigin;
  if (!sameOrigin) {
    throw new ForbiddenError({ id: 'cross_site_request', message: ERROR_MESSAGES.crossSite });
  }
}
