import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The header a request id travels in: nginx sets it (`$request_id`, decision 0280), another
 * instance or service may send it, and the portal sends it on its own calls.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

// A header's text goes into every log line of its request: only a short id of plain characters
// (nginx's 32 hex digits, a UUID, a trace id) is taken; anything else is replaced.
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The id of an incoming request: the caller's `x-request-id` when it is a plain short id, a new UUID otherwise. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Whether a request id carried by a job can go into its log lines as it is. */
export const isRequestId = (value: unknown): value is string =>
  typeof value === 'string' && ACCEPTED_REQUEST_ID.test(value);

// The request (or the job it queued) that the code running now works for. Fastify gives a
// request's handler its logger, but the services, jobs and calls it reaches have none.
const current = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request the running code works for, if any. */
export const currentRequestId = (): string | undefined => current.getStore()?.requestId;

/** Runs `work` on behalf of the request `requestId`; with none, on behalf of no request at all. */
export function runForRequest<T>(requestId: string | undefined, work: () => T): T {
  return requestId === undefined ? current.exit(work) : current.run({ requestId }, work);
}

/** The headers that pass the current request's id on to a service the portal calls. */
export function requestIdHeaders(): Record<string, string> {
  const requestId = currentRequestId();
  return requestId === undefined ? {} : { [REQUEST_ID_HEADER]: requestId };
}
