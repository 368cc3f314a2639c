import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import nodemailer from 'nodemailer';
import { portalTracer } from '../tracing/portal-tracer';

export type Delivery = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The same for every attempt at one outbox message, so a receiver can tell a resent copy. */
  reference: string;
};

/** Something that delivers a message or throws; `via` names it in the outbox. */
export type Transport = { via: string; send(message: Delivery): Promise<void>; close(): void };

/**
 * SMTP through nodemailer, over a small pool of kept-open connections; a message counts as
 * delivered once the server accepted it. Its Message-ID is `<reference@sender's domain>`.
 */
export function createSmtpTransport(smtpUrl: string, from: string): Transport {
  const url = new URL(smtpUrl);
  // Short timeouts, together under the outbox's claim: a stuck server fails the attempt, and
  // the outbox retries it.
  for (const [name, value] of [
    ['connectionTimeout', 5_000],
    ['greetingTimeout', 5_000],
    ['socketTimeout', 15_000],
    ['pool', 'true'],
    ['maxConnections', 8],
  ] as const) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
  }
  const transporter = nodemailer.createTransport(url.toString());
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return {
    via: 'smtp',
    async send({ to, subject, text, html, reference }) {
      // nodemailer has no instrumentation: a span of our own, naming the server, never the
      // recipient or the subject.
      await portalTracer().startActiveSpan(
        'smtp send',
        {
          kind: SpanKind.CLIENT,
          attributes: { 'server.address': url.hostname, 'server.port': Number(url.port || 25) },
        },
        async (span) => {
          try {
            await transporter.sendMail({
              from,
              to,
              subject,
              text,
              messageId: `<${reference}@${domain}>`,
              ...(html ? { html } : {}),
            });
          } catch (error) {
            span.setStatus({ code: SpanStatusCode.ERROR });
            throw error;
          } finally {
            span.end();
          }
        },
      );
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP or an SMS gateway the message stays in the outbox, readable at the dev mailbox
 * page (which exists only outside production): delivery is only recorded.
 */
export const devMailboxTransport: Transport = {
  via: 'dev-mailbox',
  send: async () => undefined,
  close: () => undefined,
};
