import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { isKnownWebPath } from '@portal/contracts/web-routes';
import { declareAccess, publicAccess } from '../access/access-scope';
import { clientErrorBody } from '../http/error-handler';

type WebAppOptions = { webBuildDir: string; apiPrefix: string };

const SPA_SHELLS = ['__spa-fallback.html', 'index.html'];

const isFile = (file: string): boolean => existsSync(file) && statSync(file).isFile();

/**
 * Serves the built web app on the API's origin: hashed assets cached for a year, HTML always
 * revalidated, prerendered pages as they are, and the app shell for client-rendered routes
 * (404 for paths the app does not have, so crawlers and monitors see the truth).
 */
export const webAppPlugin: FastifyPluginAsync<WebAppOptions> = async (
  app,
  { webBuildDir, apiPrefix },
) => {
  declareAccess(app, publicAccess);
  const built = existsSync(webBuildDir);
  if (!built) {
    app.log.warn('web app not built: run `npm run build --workspace apps/web`');
  } else {
    await app.register(fastifyStatic, {
      root: webBuildDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendPage = (reply: FastifyReply, file: string, status: number) =>
    reply
      .status(status)
      .header('cache-control', 'no-cache')
      .sendFile(path.relative(webBuildDir, file), webBuildDir);

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (pathname.startsWith(`${apiPrefix}/`) || pathname.startsWith('/docs/')) {
      return reply.status(404).send(clientErrorBody(404));
    }
    // A missing file (a stale asset, a mistyped download) is not a page.
    if (path.extname(pathname) !== '') {
      return reply.status(404).type('text/plain').send('Not found.');
    }
    if (!built) {
      return isKnownWebPath(pathname)
        ? reply.status(503).type('text/plain').send('Web app not built.')
        : reply.status(404).send(clientErrorBody(404));
    }
    const relative = path.normalize(pathname).replace(/^(\.\.[/\\])+/, '');
    const prerendered = path.join(webBuildDir, relative, 'index.html');
    if (prerendered.startsWith(webBuildDir) && isFile(prerendered))
      return sendPage(reply, prerendered, 200);
    const shell = SPA_SHELLS.map((name) => path.join(webBuildDir, name)).find(isFile);
    if (!shell) return reply.status(503).type('text/plain').send('Web app not built.');
    return sendPage(reply, shell, isKnownWebPath(pathname) ? 200 : 404);
  });
};
