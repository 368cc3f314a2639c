/**
 * Renders the prerendered pages (and the SPA fallback) with Preact, the renderer that hydrates
 * them in the browser (docs/decisions/0211-preact-renderer.md). The prerender waits for all
 * data anyway, so the whole page renders to one string instead of a stream.
 */
import { renderToStringAsync } from 'preact-render-to-string';
import type { VNode } from 'preact';
import { ServerRouter } from 'react-router';
import type { EntryContext } from 'react-router';

const TITLE = /<title>[\s\S]*?<\/title>/;

/**
 * React 19 hoists a page's `<title>` into `<head>`; Preact leaves it where the page rendered it,
 * so the first one moves into the head here.
 */
export function hoistTitle(html: string): string {
  const bodyStart = html.indexOf('<body');
  const title = TITLE.exec(html.slice(bodyStart))?.[0];
  if (bodyStart < 0 || !title) return html;
  const body = html.slice(bodyStart).replace(title, '');
  const head = html.slice(0, bodyStart).replace('</head>', `${title}</head>`);
  return head + body;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // The JSX is typed with @types/react; at build time it is a Preact element (vite.config.ts).
  const app = (<ServerRouter context={routerContext} url={request.url} />) as unknown as VNode;
  const html = `<!DOCTYPE html>${hoistTitle(await renderToStringAsync(app))}`;
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(request.method.toUpperCase() === 'HEAD' ? null : html, {
    status: responseStatusCode,
    headers: responseHeaders,
  });
}
