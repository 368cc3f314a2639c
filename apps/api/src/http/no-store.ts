import type { onRequestHookHandler } from 'fastify';

/** For routes whose answers carry lookup tokens, session ids, codes or personal data. */
export const noStore: onRequestHookHandler = (_request, reply, done) => {
  reply.header('cache-control', 'no-store');
  done();
};
