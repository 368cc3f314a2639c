import { and, asc, eq } from 'drizzle-orm';
import { DINAS_MESSAGES } from '@portal/contracts/dinas-request';
import type { Db, Transaction } from '../db/database';
import { referralCodes, regions } from '../db/schema';
import { DomainError, NotFoundError, ValidationError } from '../http/domain-errors';

/** The regencies and cities of a province, by name (SPEC §7: items `id`, `name`). */
export async function citiesOf(db: Db, province: string) {
  const [known] = await db
    .select({ code: regions.code })
    .from(regions)
    .where(and(eq(regions.code, province), eq(regions.level, 'province')));
  if (!known) {
    throw new ValidationError([{ field: 'province', message: DINAS_MESSAGES.provinceInvalid }]);
  }
  const rows = await db
    .select({ id: regions.code, name: regions.name })
    .from(regions)
    .where(and(eq(regions.parentCode, province), eq(regions.level, 'regency')))
    .orderBy(asc(regions.name));
  return rows;
}

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
    new NotFoundError({ id: 'referral_unknown', message: DINAS_MESSAGES.referralUnknown }),
  revoked: () =>
    new DomainError('VALIDATION_FAILED', 400, {
      id: 'referral_revoked',
      message: DINAS_MESSAGES.referralRevoked,
      fieldErrors: [{ field: 'referral_code', message: DINAS_MESSAGES.referralRevoked }],
    }),
  expired: () =>
    new DomainError('VALIDATION_FAILED', 400, {
      id: 'referral_expired',
      message: DINAS_MESSAGES.referralExpired,
      fieldErrors: [{ field: 'referral_code', message: DINAS_MESSAGES.referralExpired }],
    }),
  used_up: () =>
    new DomainError('VALIDATION_FAILED', 400, {
      id: 'referral_used_up',
      message: DINAS_MESSAGES.referralUsedUp,
      fieldErrors: [{ field: 'referral_code', message: DINAS_MESSAGES.referralUsedUp }],
    }),
} as const;

/** SPEC §7's referral code check: valid with its uses left, or why not. */
export async function checkReferralCode(db: Db | Transaction, code: string) {
  const [found] = await db.select().from(referralCodes).where(eq(referralCodes.code, code));
  const state = referralState(found);
  if (state !== 'valid' || !found) throw REFERRAL_ERRORS[state === 'valid' ? 'unknown' : state]();
  return {
    valid: true as const,
    uses_left: found.maxUses - found.uses,
    expires_at: found.expiresAt?.toISOString() ?? null,
  };
}
