import type { Transaction } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { Db } from '../db/database';
import { logBackgroundWarning } from '../logging/logger-options';
import { createOutboxRepository, type NewMessage, type OutboxMessage } from './outbox-repository';
import { DELIVER_QUEUE, registerOutboxJobs } from './outbox-jobs';
import type { Transport } from './mail-transport';

// A message still undelivered after this many attempts counts as failing on /readyz (and in
// the metrics).
export const FAILING_AFTER_ATTEMPTS = 3;

type Options = {
  db: Db;
  queue: JobQueue;
  email: Transport;
  sms: Transport;
  /** Back-channel logout tokens to platforms: `to` is the client, `text` the session. */
  backchannel: Transport;
  retryDelaySeconds: number;
  /** Counts each delivery's end (metrics/ serves it; it reads the outbox, so no import here). */
  metrics: {
    delivery(
      channel: 'email' | 'sms' | 'backchannel',
      code: boolean,
      result: 'delivered' | 'failed' | 'expired',
    ): void;
  };
};

/**
 * The transactional outbox (GOV.UK Notify's rule: saved before queued, retried for hours,
 * never dropped). `enqueue` runs inside the caller's transaction; delivery is a job.
 */
export function createOutboxService({
  db,
  queue,
  email,
  sms,
  backchannel,
  retryDelaySeconds,
  metrics,
}: Options) {
  const repository = createOutboxRepository(db);
  // Channels whose last attempt here failed: their next success wakes the messages waiting.
  const failedLast = new Set<OutboxMessage['channel']>();

  async function wakeWaiting(channel: OutboxMessage['channel']): Promise<void> {
    const woken = await repository.wakeWaitingRetries(DELIVER_QUEUE, channel);
    if (woken > 0) logBackgroundWarning('outbox deliveries resumed', { channel, woken });
  }

  async function deliver(id: number): Promise<void> {
    const message = await repository.claim(id);
    if (!message) {
      // Only a code carries an end, so a dropped message is always a code.
      const dropped = await repository.dropIfExpired(id);
      if (dropped) metrics.delivery(dropped, true, 'expired');
      return;
    }
    const carriesCode = message.expiresAt !== null;
    const transport = { email, sms, backchannel }[message.channel];
    try {
      await transport.send({
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.bodyText,
        html: message.bodyHtml,
        reference: `outbox-${id}`,
      });
    } catch (error) {
      // The line names the message, never its recipient or text: an SMTP error's own message
      // often quotes the address, so only its codes are logged.
      const { name, code, responseCode } = error as Error & {
        code?: unknown;
        responseCode?: unknown;
      };
      logBackgroundWarning('outbox delivery failed', {
        outboxId: id,
        template: message.template,
        channel: message.channel,
        attempt: message.attempts,
        reason: { type: name, code, responseCode },
      });
      failedLast.add(message.channel);
      await repository.markFailed(id, error instanceof Error ? error.message : String(error));
      metrics.delivery(message.channel, carriesCode, 'failed');
      throw error;
    }
    await repository.markDelivered(id, transport.via, message.template);
    metrics.delivery(message.channel, carriesCode, 'delivered');
    if (failedLast.delete(message.channel)) await wakeWaiting(message.channel);
  }

  /**
   * After an outage: tries one waiting message per channel now and, if its transport takes it,
   * brings every waiting delivery of that channel forward. Run every minute (outbox-jobs.ts), so
   * the messages go out within a minute of the transport's return, on whichever instance.
   */
  async function resumeAfterOutage(): Promise<void> {
    for (const channel of ['email', 'sms'] as const) {
      const id = await repository.oldestWaitingRetry(DELIVER_QUEUE, channel);
      if (id === undefined) continue;
      try {
        await deliver(id);
      } catch {
        // Still down: logged and counted by deliver; its job keeps its own retry.
        continue;
      }
      await wakeWaiting(channel);
    }
  }

  return {
    /** Saves the message in `tx` and queues its delivery in the same transaction. */
    async enqueue(tx: Transaction, message: NewMessage): Promise<number> {
      const id = await createOutboxRepository(tx).insert(message);
      await queue.send(DELIVER_QUEUE, { id }, { tx });
      return id;
    },
    /** The delivery and the sweep as jobs (outbox-jobs.ts). */
    registerWorkers: () =>
      registerOutboxJobs({ queue, repository, deliver, resumeAfterOutage, retryDelaySeconds }),
    deliver,
    resumeAfterOutage,
    /** The newest messages, for the dev mailbox (registered only outside production). */
    latest: (limit: number) => repository.latest(limit),
    /** Messages that keep failing, for /readyz: the portal serves, but mail is not going out. */
    async health(): Promise<{ status: 'ok' | 'failing'; failing: number }> {
      const failing = await repository.failingCount(FAILING_AFTER_ATTEMPTS);
      return { status: failing > 0 ? 'failing' : 'ok', failing };
    },
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
