import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../apps/api/src/config';
import { openTestDatabase } from '../apps/api/src/db/database';
import { createRateLimitStore } from '../apps/api/src/counters/rate-limit-store';
import { createServices } from '../apps/api/src/services';
import { DEFAULT_ADMIN_URL, freePort } from './bench-support';

// `npm run bench:outbox [-- --messages N --batch B]`: one API instance's outbox delivering to a
// loopback SMTP sink. N messages are queued in transactions of B (a burst, as after a mass
// notice); meanwhile a code e-mail is queued every 50 ms, as visitors asking for reset codes
// would. Prints messages per second from the first queued to the last received, and the code
// e-mails' p50/p95 from queued to received. Goal: >= 300 msg/s, code p95 < 2 s.

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '6000' },
    batch: { type: 'string', default: '200' },
  },
});
const total = Number(values.messages);
const batch = Number(values.batch);

const arrivals = new Map<string, number>();
const port = await freePort();
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 4096) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      const id = /^Message-ID:\s*<([^@>]+)@/im.exec(head)?.[1];
      if (id) arrivals.set(id, Date.now());
      callback();
    });
  },
});
await new Promise<void>((resolve) => sink.listen(port, '127.0.0.1', resolve));

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  JOB_POLLING_SECONDS: '0.5',
});
const database = await openTestDatabase(process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL);
const rateLimit = await createRateLimitStore(undefined, 'bench-outbox');
const services = createServices({ config, database, rateLimit });
await services.start();
const { outbox } = services;

const message = (i: number, template: string) => ({
  channel: 'email' as const,
  recipient: `person${i}@example.org`,
  subject: 'Informasi Akun belajar.id',
  bodyText: `Pesan uji nomor ${i}.\n`.repeat(20),
  template,
});

const queuedAt = new Map<string, number>();
const codeIds: string[] = [];
let codesRunning = true;
const codes = (async () => {
  for (let i = 0; codesRunning; i += 1) {
    const at = Date.now();
    const id = await database.db.transaction((tx) =>
      outbox.enqueue(tx, message(total + i, 'reset-code')),
    );
    queuedAt.set(`outbox-${id}`, at);
    codeIds.push(`outbox-${id}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();

const started = Date.now();
for (let offset = 0; offset < total; offset += batch) {
  await database.db.transaction(async (tx) => {
    for (let i = offset; i < Math.min(total, offset + batch); i += 1) {
      await outbox.enqueue(tx, message(i, 'account-details'));
    }
  });
}
const queuedSeconds = (Date.now() - started) / 1000;
const progress = setInterval(() => {
  console.error(
    `received ${arrivals.size} of ${total} (+ codes) after ${(Date.now() - started) / 1000} s`,
  );
}, 2000);
while (arrivals.size < total + codeIds.length - 5) {
  await new Promise((resolve) => setTimeout(resolve, 100));
}
clearInterval(progress);
codesRunning = false;
await codes;
const end = Math.max(...arrivals.values());
const seconds = (end - started) / 1000;

const latencies = codeIds
  .map((id) => (arrivals.get(id) ?? NaN) - (queuedAt.get(id) ?? NaN))
  .filter(Number.isFinite)
  .sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;

console.log(
  JSON.stringify(
    {
      messages: total,
      queuedInSeconds: Number(queuedSeconds.toFixed(1)),
      deliveredPerSecond: Math.round(arrivals.size / seconds),
      codeEmails: latencies.length,
      codeP50Ms: pct(0.5),
      codeP95Ms: pct(0.95),
      database: process.env.DATABASE_URL ? 'DATABASE_URL' : DEFAULT_ADMIN_URL,
      load: (await import('node:os')).loadavg().map((value) => Number(value.toFixed(2))),
    },
    null,
    2,
  ),
);

await services.stop();
await rateLimit.close();
await database.close();
await new Promise<void>((resolve) => sink.close(() => resolve()));
