import { PORTAL_WEB_CLIENT_ID } from '@portal/contracts/sign-in';
import { z } from 'zod';
import type { Transaction } from '../db/database';
import type { Transport } from '../notifications/mail-transport';
import { createOidcAdapterRepository } from './oidc-adapter-repository';

/**
 * OpenID Back-Channel Logout through the outbox: when a session ends, a message per
 * platform of the session is saved (the platform's id as recipient, the subject and session id
 * as text) and the outbox's delivery job signs and posts the logout token, retrying it as it
 * retries mail. The token is signed at delivery, with the provider's key of that moment.
 */
export const BACKCHANNEL_TEMPLATE = 'backchannel-logout';

const SessionOfLogout = z.object({ sub: z.string(), sid: z.string() });

type Enqueue = (
  tx: Transaction,
  message: { channel: 'backchannel'; recipient: string; bodyText: string; template: string },
) => Promise<number>;

/** Saves one platform's logout in the caller's transaction. */
export const queueBackchannelLogout = (
  enqueue: Enqueue,
  tx: Transaction,
  clientId: string,
  sub: string,
  sid: string,
) =>
  enqueue(tx, {
    channel: 'backchannel',
    recipient: clientId,
    bodyText: JSON.stringify({ sub, sid }),
    template: BACKCHANNEL_TEMPLATE,
  });

/**
 * Before an account's sign-ins end all at once (a password reset, a staff "disable"): a logout
 * for each platform of each of its sessions, in the same transaction.
 */
export async function queueAccountLogouts(
  enqueue: Enqueue,
  tx: Transaction,
  accountId: string,
): Promise<void> {
  for (const session of await createOidcAdapterRepository(tx).sessionsOf(accountId)) {
    const authorizations = (session as { authorizations?: Record<string, { sid?: string }> })
      .authorizations;
    for (const [clientId, { sid }] of Object.entries(authorizations ?? {})) {
      if (clientId === PORTAL_WEB_CLIENT_ID || !sid) continue;
      await queueBackchannelLogout(enqueue, tx, clientId, accountId, sid);
    }
  }
}

/** The outbox's transport for the `backchannel` channel: the provider signs and posts. */
export function backchannelTransport(
  deliver: (clientId: string, sub: string, sid: string) => Promise<void>,
): Transport {
  return {
    via: 'backchannel',
    async send({ to, text }) {
      const { sub, sid } = SessionOfLogout.parse(JSON.parse(text));
      await deliver(to, sub, sid);
    },
    close: () => undefined,
  };
}
