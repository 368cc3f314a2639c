import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics';

export type MetricsServer = {
  /** `http://host:port`, the address Prometheus scrapes (`/metrics`). */
  url: string;
  close(): Promise<void>;
};

/**
 * `/metrics` on a port of its own, apart from the public app: nginx publishes only the app's
 * port, so visitors never reach it. A plain HTTP server (no routes, hooks or access scopes of
 * the app), answering GET /metrics and a 404 to anything else.
 */
export async function startMetricsServer(
  metrics: Pick<Metrics, 'text' | 'contentType'>,
  { host, port }: { host: string; port: number },
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  // Prometheus keeps its connection open between scrapes; a close must not wait for it.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
