import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
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

/**
 * Starts `/metrics` with the app when the configuration names its port, every answer counted by
 * its route pattern, and stops it with the app; `app.metricsUrl` says where it listens.
 */
export function registerMetricsServer(
  app: FastifyInstance,
  metrics: Metrics,
  { host, metricsPort }: { host: string; metricsPort: number | undefined },
): void {
  let server: MetricsServer | undefined;
  app.decorate('metricsUrl', { getter: () => server?.url });
  if (metricsPort === undefined) return;
  metrics.observeRequests(app);
  app.addHook('onReady', async () => {
    server = await startMetricsServer(metrics, { host, port: metricsPort });
  });
  app.addHook('onClose', async () => server?.close());
}
