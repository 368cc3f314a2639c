import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { declareAccess, publicAccess } from '../access/access-scope';
import type { OutboxService } from './outbox-service';

const PAGE_SIZE = 100;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const MessageSchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms', 'backchannel']),
  recipient: z.string(),
  subject: z.string().nullable(),
  bodyText: z.string(),
  template: z.string(),
  createdAt: z.date(),
  deliveredAt: z.date().nullable(),
  deliveredVia: z.string().nullable(),
  attempts: z.number(),
});

/**
 * The dev mailbox: every message of the outbox, readable without an SMTP server. Registered
 * only outside production, so it cannot exist where real people's mail is.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ service: OutboxService }> = async (
  app,
  { service },
) => {
  declareAccess(app, publicAccess);
  app.get(
    '/dev/mailbox/messages',
    { schema: { hide: true, response: { 200: z.object({ messages: z.array(MessageSchema) }) } } },
    async () => ({ messages: await service.latest(PAGE_SIZE) }),
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await service.latest(PAGE_SIZE);
    const items = messages
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject ?? `SMS ke ${m.recipient}`)}</h2>
  <p class="meta">#${m.id} · ${m.channel} · kepada <strong>${escapeHtml(m.recipient)}</strong> · ${m.createdAt.toISOString()} ·
  ${m.deliveredAt ? `terkirim lewat ${escapeHtml(m.deliveredVia ?? '')}` : `belum terkirim (${m.attempts} percobaan)`}</p>
  <pre>${escapeHtml(m.bodyText)}</pre>
</article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .send(`<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kotak surat pengembangan</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:0 auto;padding:1rem;color:#1a1a1a}
article{border:1px solid #767676;border-radius:.5rem;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;word-break:break-word}
.meta{color:#4a4a4a;font-size:.875rem}</style></head>
<body><main><h1>Kotak surat pengembangan</h1>
<p>Pesan yang dikirim portal tanpa server SMTP atau gateway SMS. Halaman ini tidak ada di produksi.</p>
${items || '<p>Belum ada pesan.</p>'}
</main></body></html>`);
  });
};
