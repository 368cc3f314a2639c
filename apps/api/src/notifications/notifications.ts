import type { Config } from '../config';
import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { createSmtpTransport, devMailboxTransport, type Transport } from './mail-transport';
import { messageTemplates } from './message-templates';
import { createOutboxService } from './outbox-service';
import { createSmsGatewayTransport } from './sms-gateway';

/**
 * The outbox with its channels as configured: SMTP and the SMS gateway when set, the dev mailbox
 * otherwise, and the platforms' back-channel logout, which the sign-in provider signs and posts.
 */
export function createNotifications({
  config,
  db,
  queue,
  metrics,
  backchannel,
}: {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'sms' | 'brand' | 'publicUrl' | 'jobs'>;
  db: Db;
  queue: JobQueue;
  metrics: Parameters<typeof createOutboxService>[0]['metrics'];
  backchannel: Transport;
}) {
  const email = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : devMailboxTransport;
  const sms = config.sms
    ? createSmsGatewayTransport(config.sms.url, config.sms.key)
    : devMailboxTransport;
  const outbox = createOutboxService({
    db,
    queue,
    email,
    sms,
    backchannel,
    retryDelaySeconds: config.jobs.outboxRetryDelaySeconds,
    metrics,
  });
  return {
    outbox,
    templates: messageTemplates({ brand: config.brand, publicUrl: config.publicUrl }),
    /** Closes the mail and SMS connections. */
    close(): void {
      email.close();
      sms.close();
    },
  };
}
