import type { Database } from '../db/database';
import type { OutboxService } from '../notifications/outbox-service';

const READINESS_TIMEOUT_MS = 2_000;

type HealthDependencies = {
  database: Pick<Database, 'ping'>;
  outbox: Pick<OutboxService, 'health'>;
};

/** Whether this instance can serve: the database answers, and how the outbox fares. */
export function createHealthService({ database, outbox }: HealthDependencies) {
  return {
    /**
     * The outbox's health once the database has answered; rejects when either does not answer
     * within two seconds, so a load balancer's check never hangs on a stuck connection.
     */
    async readiness(): Promise<{ outbox: Awaited<ReturnType<OutboxService['health']>> }> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('database did not answer in time')),
          READINESS_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([database.ping(), timeout]);
        return { outbox: await Promise.race([outbox.health(), timeout]) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
