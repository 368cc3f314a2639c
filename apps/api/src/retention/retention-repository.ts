import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowCountOf } from '../db/rows-of';

/**
 * How long each kind of record is kept: the numbers the privacy policy (Kebijakan Privasi)
 * promises. Codes and sessions go as soon as they are of no use.
 */
const PURGES = [
  {
    name: 'tracking events (12 months)',
    statement: sql`DELETE FROM tracking_events WHERE occurred_at < now() - interval '12 months'`,
  },
  {
    name: 'audit events (90 days)',
    statement: sql`DELETE FROM audit_events WHERE occurred_at < now() - interval '90 days'`,
  },
  {
    name: 'reset sessions (ended a day ago)',
    statement: sql`DELETE FROM password_reset_sessions WHERE expires_at < now() - interval '1 day'`,
  },
  {
    name: 'one-time codes (ended a day ago)',
    statement: sql`DELETE FROM one_time_codes WHERE expires_at < now() - interval '1 day'`,
  },
  {
    name: 'code sends (older than a day)',
    statement: sql`DELETE FROM code_sends WHERE sent_at < now() - interval '1 day'`,
  },
  {
    name: 'wrong code entries (older than a day)',
    statement: sql`DELETE FROM code_wrong_entries WHERE entered_at < now() - interval '1 day'`,
  },
  {
    name: 'code locks (ended)',
    statement: sql`DELETE FROM code_locks WHERE locked_until < now()`,
  },
  {
    name: 'sign-in sessions, codes and tokens (expired)',
    statement: sql`DELETE FROM oidc_models WHERE expires_at < now()`,
  },
  {
    name: 'passkey challenges (expired)',
    statement: sql`DELETE FROM passkey_challenges WHERE expires_at < now()`,
  },
  {
    name: 'e-mail changes (ended a day ago)',
    statement: sql`DELETE FROM email_change_requests WHERE expires_at < now() - interval '1 day'`,
  },
  {
    name: 'delivered messages (30 days)',
    statement: sql`DELETE FROM outbox_messages WHERE delivered_at < now() - interval '30 days'`,
  },
] as const;

/** SQL of the keeping times: every table with records that expire. */
export function createRetentionRepository(db: Db) {
  return {
    /** Deletes what is past its keeping time; answers how many rows of each kind went. */
    async purgeExpired(): Promise<Record<string, number>> {
      const removed: Record<string, number> = {};
      for (const purge of PURGES) {
        removed[purge.name] = await rowCountOf(db, purge.statement);
      }
      return removed;
    },
  };
}
