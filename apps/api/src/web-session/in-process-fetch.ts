import type { FastifyInstance } from 'fastify';
import type { BrowserFacts } from '../access/web-session-cookies';

/**
 * A fetch that hands each request to this app (`inject`), as if it came from the browser the
 * portal acts for: the provider counts a refused token request against that browser's address
 * (decision 0283) and lists its user agent among the account's sessions, never the server's.
 * No socket, no load balancer, no TLS between the portal and its own embedded provider.
 */
export function inProcessFetch(app: FastifyInstance, browser?: BrowserFacts): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = {
      ...Object.fromEntries(new Headers(init.headers).entries()),
      ...(browser?.userAgent ? { 'user-agent': browser.userAgent } : {}),
    };
    const reply = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host },
      ...(browser ? { remoteAddress: browser.ip } : {}),
      ...(init.body === undefined || init.body === null ? {} : { payload: String(init.body) }),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value])
        responseHeaders.append(name, String(item));
    }
    const empty = [204, 304].includes(reply.statusCode);
    return new Response(empty ? null : reply.rawPayload, {
      status: reply.statusCode,
      headers: responseHeaders,
    });
  }) as typeof fetch;
}
