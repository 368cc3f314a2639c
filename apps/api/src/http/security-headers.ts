import type { onRequestHookHandler } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers every reply carries, as an onRequest hook. Helmet's middleware is built
 * once here: @fastify/helmet rebuilds it (parsing the whole policy) on every request, which cost
 * as much CPU as a hello-world reply itself (bench/README.md).
 */
export function securityHeaders({ production }: { production: boolean }): onRequestHookHandler {
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // blob: for the console's inline letter, a PDF the page fetched with the staff's token.
        frameSrc: ["'self'", 'blob:', 'https://docs.google.com'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
  });
  return (request, reply, done) => {
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  };
}
