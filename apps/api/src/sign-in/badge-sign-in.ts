import { BADGE_SIGN_IN_MESSAGES } from '@portal/contracts/badge-sign-in';
import { SIGN_IN_MESSAGES } from '@portal/contracts/sign-in';
import type { AuditLog } from '../audit/audit-log';
import type { BadgeCheck, BadgeCredentials, BadgeHolder } from '../badges/badge-credential';
import { enforceLimit, type RateLimitStore } from '../counters/rate-limit-store';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles-service';
import { DomainError, ForbiddenError, RateLimitedError } from '../http/domain-errors';
import type { AccountClaims } from './oidc-provider';

// A young student's printed badge as a way into a platform: the badge's secrets and lock are the
// badge making's (`badges/badge-credential.ts`); what is decided here is who may sign in with
// one and where. Only a student's (PD) account, and only at a platform whose registration
// allows it; the portal's own client never does (its pages cannot change the account then).

const MINUTE_MS = 60_000;

/** Who a badge signs in, kept on the interaction until the child says "Ini saya". */
export type PendingBadge = Pick<
  BadgeHolder,
  'badgeId' | 'accountId' | 'name' | 'schoolName' | 'level'
>;

type Dependencies = {
  badges: Pick<BadgeCredentials, 'checkQr' | 'checkShortCode' | 'isLive'>;
  counters: RateLimitStore;
  /** The badge step's posts per address and minute, as many as the password's. */
  limitPerIpPerMinute: number;
  audit: Pick<AuditLog, 'queue'>;
  /** LOGIN off: learning accounts cannot sign in, with a badge neither. */
  toggles: Pick<FeatureTogglesService, 'isEnabled'>;
  /** The account's claims now: its kind (`pd`) and whether it is active. */
  accountClaims: (accountId: string) => Promise<AccountClaims | undefined>;
};

/** The refusal of a badge as the page shows it: its message by id, the lock with its wait. */
function refusalOf(check: Extract<BadgeCheck, { ok: false }>): DomainError {
  switch (check.refusal) {
    case 'locked':
      return new RateLimitedError(check.retryAfterSeconds ?? 15 * 60, {
        id: 'badge_locked',
        message: BADGE_SIGN_IN_MESSAGES.locked,
      });
    case 'ended':
    case 'left-school':
      return new ForbiddenError({ id: 'badge_ended', message: BADGE_SIGN_IN_MESSAGES.ended });
    case 'unknown':
      return new DomainError('UNAUTHORIZED', 401, {
        id: 'badge_unknown',
        message: BADGE_SIGN_IN_MESSAGES.unknown,
      });
  }
}

export const badgeNotAllowed = () =>
  new ForbiddenError({ id: 'badge_not_allowed', message: BADGE_SIGN_IN_MESSAGES.notAllowed });

const notStudent = () =>
  new ForbiddenError({ id: 'badge_not_student', message: BADGE_SIGN_IN_MESSAGES.notStudent });

export function createBadgeSignIn(deps: Dependencies) {
  const { audit } = deps;

  /** The holder's account is an active student's, and learning accounts may sign in now. */
  async function checkAccount(holder: PendingBadge, ip: string, clientId: string) {
    if (!(await deps.toggles.isEnabled('LOGIN')))
      throw new ForbiddenError({ id: 'login_off', message: SIGN_IN_MESSAGES.loginOff });
    const claims = await deps.accountClaims(holder.accountId);
    if (claims?.userType !== 'pd') {
      audit.queue({ action: 'sign-in-badge', outcome: 'not-student', ip, clientId });
      throw notStudent();
    }
  }

  return {
    /**
     * The badge a post names (the camera's QR text, or the typed short code with the NPSN):
     * its holder, once the account is found to be a student's; a refusal otherwise. Each post
     * counts toward the address's limit, as a password's does.
     */
    async check(
      given: { qr: string } | { npsn: string; code: string },
      ip: string,
      clientId: string,
    ): Promise<PendingBadge> {
      await enforceLimit(
        deps.counters,
        `badge-sign-in-ip:${ip}`,
        deps.limitPerIpPerMinute,
        MINUTE_MS,
      );
      const way = 'qr' in given ? 'qr' : 'short-code';
      const check =
        'qr' in given
          ? await deps.badges.checkQr(given.qr)
          : await deps.badges.checkShortCode(given.npsn, given.code, ip);
      if (!check.ok) {
        audit.queue({ action: 'sign-in-badge', outcome: `${way}-${check.refusal}`, ip, clientId });
        throw refusalOf(check);
      }
      const { badgeId, accountId, name, schoolName, level } = check.holder;
      const holder = { badgeId, accountId, name, schoolName, level };
      await checkAccount(holder, ip, clientId);
      return holder;
    },

    /**
     * "Ini saya": the badge is checked again (ended meanwhile, or the child left the school) and
     * the account again; the sign-in is audited as the account's.
     */
    async confirm(holder: PendingBadge, ip: string, clientId: string): Promise<void> {
      if (!(await deps.badges.isLive(holder.badgeId))) {
        audit.queue({ action: 'sign-in-badge', outcome: 'ended-before-confirm', ip, clientId });
        throw new ForbiddenError({ id: 'badge_ended', message: BADGE_SIGN_IN_MESSAGES.ended });
      }
      await checkAccount(holder, ip, clientId);
      audit.queue({
        action: 'sign-in',
        outcome: 'signed-in-badge',
        userType: 'pd',
        ip,
        clientId,
        // The badge, not the account's address: the audit names what signed in.
        target: `badge:${holder.badgeId}`,
      });
    },
  };
}
export type BadgeSignIn = ReturnType<typeof createBadgeSignIn>;
