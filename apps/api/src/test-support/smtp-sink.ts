import { createServer, type Server } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps what it receives, for tests to read. */
export type SmtpSink = {
  port: number;
  url: string;
  messages: ParsedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Waits until a message to `to` has arrived, and returns it. */
  waitFor(
    to: string,
    predicate?: (mail: ParsedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ParsedMail>;
};

export async function freePort(): Promise<number> {
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export async function createSmtpSink(port?: number): Promise<SmtpSink> {
  const chosen = port ?? (await freePort());
  const messages: ParsedMail[] = [];
  let server: SMTPServer | undefined;
  const recipients = (mail: ParsedMail) =>
    [mail.to]
      .flat()
      .flatMap((to) => (to ? to.value.map((v) => v.address?.toLowerCase() ?? '') : []));
  return {
    port: chosen,
    url: `smtp://127.0.0.1:${chosen}`,
    messages,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream).then(
            (mail) => {
              messages.push(mail);
              callback();
            },
            (error: Error) => callback(error),
          );
        },
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(chosen, '127.0.0.1', () => resolve());
      });
      // A sender killed in the middle of a message (the fault suite's kill -9) resets its
      // connection: that message is simply not received, as at a real server.
      server.on('error', () => undefined);
    },
    async stop() {
      if (!server) return;
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    },
    async waitFor(to, predicate = () => true, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(
          (m) => recipients(m).includes(to.toLowerCase()) && predicate(m),
        );
        if (found) return found;
        if (Date.now() > until)
          throw new Error(`no mail to the expected address within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
