import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AuditLog } from '../audit/audit-repository';
import type { Db } from '../db/database';
import type { Clock } from '../jobs/clock';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';

export type DeletionContext = {
  db: Db;
  outbox: OutboxService;
  templates: MessageTemplates;
  audit: AuditLog;
  now: Clock;
  tokenSecret: string;
};

/**
 * The report link's token: the deletion's id and its HMAC. Unguessable, the same in every notice
 * of one deletion, and nothing stored; the id says nothing about the person.
 */
export function deletionTokens(secret: string) {
  const mac = (id: number) =>
    createHmac('sha256', secret).update(`account-deletion:${id}`).digest('base64url');
  return {
    token: (id: number) => `${id}.${mac(id)}`,
    idOf(token: string): number | null {
      const [id, given] = token.split('.');
      if (!id || !given) return null;
      const expected = Buffer.from(mac(Number(id)));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected)
        ? Number(id)
        : null;
    },
  };
}

/** Whole days from one Jakarta day to another. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
