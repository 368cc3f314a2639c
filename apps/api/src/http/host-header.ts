import type { onRequestHookHandler } from 'fastify';
import { clientErrorBody } from './error-handler';

/**
 * Whether a Host value is a host and an optional port and nothing else (RFC 9110 §7.2): what
 * WHATWG's URL parser reads back as the same authority, without user-info, path or query.
 */
export function isHostValue(value: string): boolean {
  if (value === '' || /[/?#@\\\s]/.test(value)) return false;
  try {
    const url = new URL(`http://${value}`);
    return url.hostname !== '' && url.pathname === '/' && url.search === '' && url.hash === '';
  } catch {
    return false;
  }
}

const PROTOCOLS = new Set(['http', 'https']);
const entries = (value: string | string[] | undefined): string[] =>
  [value ?? []].flat().flatMap((one) => one.split(',').map((entry) => entry.trim()));

/**
 * Refuses with 400 a request whose Host names no host (RFC 9112 §3.2 asks a server to): the
 * sign-in provider builds its URLs from it outside production, and `new URL` throws on one.
 * Behind a trusted proxy its X-Forwarded-Host and -Proto are read the same way, so they are held
 * to the same. HTTP/1.0 may leave Host out; Node refuses an HTTP/1.1 request without one.
 */
export function hostHeaderCheck({ behindProxy }: { behindProxy: boolean }): onRequestHookHandler {
  return (request, reply, done) => {
    const { host } = request.headers;
    const forwardedHosts = behindProxy ? entries(request.headers['x-forwarded-host']) : [];
    const forwardedProtocols = behindProxy ? entries(request.headers['x-forwarded-proto']) : [];
    const valid =
      (host === undefined || isHostValue(host)) &&
      forwardedHosts.every(isHostValue) &&
      forwardedProtocols.every((protocol) => PROTOCOLS.has(protocol.toLowerCase()));
    if (valid) return done();
    void reply.status(400).send(clientErrorBody(400));
  };
}
