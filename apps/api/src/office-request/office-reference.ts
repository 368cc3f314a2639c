import { OFFICE_REQUEST_MESSAGES } from '@portal/contracts/office-request';
import type { Db, Transaction } from '../db/database';
import { DomainError, NotFoundError } from '../http/domain-errors';
import { createOfficeRequestRepository } from './office-request-repository';

type ReferralState = 'valid' | 'unknown' | 'revoked' | 'expired' | 'used_up';

/** What a referral code is worth now. */
export function referralState(
  code:
    { revokedAt: Date | null; expiresAt: Date | null; uses: number; maxUses: number } | undefined,
  now = new Date(),
): ReferralState {
  if (!code) return 'unknown';
  if (code.revokedAt) return 'revoked';
  if (code.expiresAt && code.expiresAt <= now) return 'expired';
  if (code.uses >= code.maxUses) return 'used_up';
  return 'valid';
}

const REFERRAL_ERRORS = {
  unknown: () =>
    new NotFoundError({ id: 'referral_unknown', message: OFFICE_REQUEST_MESSAGES.referralUnknown }),
  revoked: () =>
    new DomainError('VALIDATION_FAILED', 400, {
      id: 'referral_revoked',
      message: OFFICE_REQUEST_MESSAGES.referralRevoked,
      fieldErrors: [{ field: 'referral_code', message: OFFICE_REQUEST_MESSAGES.referralRevoked }],
    }),
  expired: () =>
    new DomainError('VALIDATION_FAILED', 400, {
      id: 'referral_expired',
      message: OFFICE_REQUEST_MESSAGES.referralExpired,
      fieldErrors: [{ field: 'referral_code', message: OFFICE_REQUEST_MESSAGES.referralExpired }],
    }),
  used_up: () =>
    new DomainError('VALIDATION_FAILED', 400, {
      id: 'referral_used_up',
      message: OFFICE_REQUEST_MESSAGES.referralUsedUp,
      fieldErrors: [{ field: 'referral_code', message: OFFICE_REQUEST_MESSAGES.referralUsedUp }],
    }),
} as const;

/** SPEC §7's referral code check: valid, or why not. */
export async function checkReferralCode(db: Db | Transaction, code: string) {
  const found = await createOfficeRequestRepository(db).referralCode(code);
  const state = referralState(found);
  if (state !== 'valid' || !found) throw REFERRAL_ERRORS[state === 'valid' ? 'unknown' : state]();
  return {
    valid: true as const,
    expires_at: found.expiresAt?.toISOString() ?? null,
  };
}
