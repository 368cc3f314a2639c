import nodemailer from 'nodemailer';

export type Delivery = { to: string; subject: string; text: string; html?: string | null };

/** Something that delivers a message or throws; `via` names it in the outbox. */
export type Transport = { via: string; send(message: Delivery): Promise<void>; close(): void };

/** SMTP through nodemailer; a message counts as delivered once the server accepted it. */
export function createSmtpTransport(smtpUrl: string, from: string): Transport {
  const url = new URL(smtpUrl);
  // Short timeouts: a stuck server fails the attempt, and the outbox retries it later.
  for (const [name, ms] of [
    ['connectionTimeout', 10_000],
    ['greetingTimeout', 10_000],
    ['socketTimeout', 20_000],
  ] as const) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    via: 'smtp',
    async send({ to, subject, text, html }) {
      await transporter.sendMail({ from, to, subject, text, ...(html ? { html } : {}) });
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
