import type { Job } from 'pg-boss';
import type { Transaction } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { Db } from '../db/database';
import { logBackgroundWarning } from '../logging/logger-options';
import { CLAIM_SECONDS, createOutboxRepository, type NewMessage } from './outbox-repository';
import type { Transport } from './mail-transport';
import type { Metrics } from '../metrics/metrics';

export const DELIVER_QUEUE = 'outbox-deliver';
export const SWEEP_QUEUE = 'outbox-sweep';

// A message that has waited this long has lost its job (retention, a crash between commit and
// enqueue on an old version): the sweeper queues it again. Nothing is ever dropped.
const SWEEP_AFTER_SECONDS = 6 * 3600;
const SWEEP_BATCH = 500;
// A message still undelivered after this many attempts counts as failing on /readyz (and in
// the metrics).
export const FAILING_AFTER_ATTEMPTS = 3;

type Options = {
  db: Db;
  queue: JobQueue;
  email: Transport;
  sms: Transport;
  retryDelaySeconds: number;
  metrics: Pick<Metrics, 'delivery'>;
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
  retryDelaySeconds,
  metrics,
}: Options) {
  const repository = createOutboxRepository(db);

  async function deliver(id: number): Promise<void> {
    const message = await repository.claim(id);
    if (!message) {
      // Only a code carries an end, so a dropped message is always a code.
      const dropped = await repository.dropIfExpired(id);
      if (dropped) metrics.delivery(dropped, true, 'expired');
      return;
    }
    const carriesCode = message.expiresAt !== null;
    const transport = message.channel === 'email' ? email : sms;
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
      await repository.markFailed(id, error instanceof Error ? error.message : String(error));
      metrics.delivery(message.channel, carriesCode, 'failed');
      throw error;
    }
    await repository.markDelivered(id, transport.via, message.template);
    metrics.delivery(message.channel, carriesCode, 'delivered');
  }

  return {
    repository,
    /** Saves the message in `tx` and queues its delivery in the same transaction. */
    async enqueue(tx: Transaction, message: NewMessage): Promise<number> {
      const id = await repository.insert(tx, message);
      await queue.send(DELIVER_QUEUE, { id }, { tx });
      return id;
    },
    async registerWorkers(): Promise<void> {
      await queue.createQueue(DELIVER_QUEUE, {
        // Exponential backoff from the configured delay up to 30 minutes: about a day of tries.
        retryLimit: 60,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: 1800,
        // A job whose worker died is retried once this passes (plus the queue's supervision
        // interval and retry delay): within a minute, as the message's claim lapses with it.
        expireInSeconds: CLAIM_SECONDS,
        retentionSeconds: 7 * 24 * 3600,
      });
      await queue.createQueue(SWEEP_QUEUE, { retryLimit: 2, retryDelay: 60, retryBackoff: false });
      await queue.work<{ id: number }>(
        DELIVER_QUEUE,
        (job: Job<{ id: number }>) => deliver(job.data.id),
        // Up to 40 sends at once over the SMTP pool's connections (bench/README.md, outbox).
        { concurrency: 2, batchSize: 20 },
      );
      await queue.work(SWEEP_QUEUE, async () => {
        for (const id of await repository.undeliveredOlderThan(SWEEP_AFTER_SECONDS, SWEEP_BATCH)) {
          await queue.send(DELIVER_QUEUE, { id });
        }
      });
      await queue.boss.schedule(SWEEP_QUEUE, '*/15 * * * *');
    },
    deliver,
    /** Messages that keep failing, for /readyz: the portal serves, but mail is not going out. */
    async health(): Promise<{ status: 'ok' | 'failing'; failing: number }> {
      const failing = await repository.failingCount(FAILING_AFTER_ATTEMPTS);
      return { status: failing > 0 ? 'failing' : 'ok', failing };
    },
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
