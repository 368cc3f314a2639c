import { requestIdHeaders } from '../logging/request-id';
import type { Transport } from './mail-transport';

// A gateway that has not answered by then is treated as down; the job retries later.
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * An HTTP SMS gateway: `POST <url>` with `{ to, message, reference }` and a bearer key. Any 2xx is
 * delivered; anything else throws so the outbox retries.
 */
export function createSmsGatewayTransport(url: string, key: string | undefined): Transport {
  return {
    via: 'sms-gateway',
    async send({ to, text, reference }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          // The gateway's logs name the request that asked for the message (the trace's
          // `traceparent` is added by the fetch instrumentation when tracing is on).
          ...requestIdHeaders(),
        },
        body: JSON.stringify({ to, message: text, reference }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
    close: () => undefined,
  };
}
