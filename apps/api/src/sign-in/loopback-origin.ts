import type { onRequestHookHandler } from 'fastify';

// Names of this machine a browser keeps apart: cookies and local storage of one are not the
// other's, and the sign-in client is registered for one origin only.
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/** A page load (not a call from a page's script), as browsers mark one. */
const isNavigation = (headers: Record<string, string | string[] | undefined>) => {
  const mode = headers['sec-fetch-mode'];
  if (typeof mode === 'string') return mode === 'navigate';
  const accept = headers['accept'];
  return typeof accept === 'string' && accept.includes('text/html');
};

/**
 * Outside production: a page opened on another loopback name of the web's origin
 * (`http://127.0.0.1:3000` for `http://localhost:3000`, as the server's listen line prints it)
 * moves to the configured origin, where the sign-in client's redirect URIs, cookies and stored
 * tokens are (decision 0245). Calls from scripts and other ports pass untouched.
 */
export function loopbackOriginRedirect(webOrigin: string): onRequestHookHandler {
  const target = new URL(webOrigin);
  const applies = LOOPBACK_HOSTS.has(target.hostname);
  return (request, reply, done) => {
    if (!applies || (request.method !== 'GET' && request.method !== 'HEAD')) return done();
    let visited: URL;
    try {
      visited = new URL(`${target.protocol}//${request.host}`);
    } catch {
      return done();
    }
    if (
      visited.hostname === target.hostname ||
      !LOOPBACK_HOSTS.has(visited.hostname) ||
      portOf(visited) !== portOf(target) ||
      !isNavigation(request.headers)
    )
      return done();
    void reply.code(307).redirect(`${target.origin}${request.url}`);
  };
}
