import { randomInt } from 'node:crypto';
import { CONSOLE_MESSAGES } from '@portal/contracts/console';
import { NotFoundError } from '../http/domain-errors';
import { referralState } from '../office-request/office-reference';
import { actor, type ConsoleContext, type Staff } from './office-review-service';
import { createReferralCodesRepository, type ReferralCodeRow } from './referral-codes-repository';

// Codes are read aloud and typed: no 0/O or 1/I.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new referral code: 10 random characters (50 bits), a use limit, maybe an expiry. */
export async function createReferralCode(
  ctx: ConsoleContext,
  staff: Staff,
  input: { maxUses: number; expiresAt?: string | undefined },
  ip: string,
) {
  const code = Array.from(
    { length: 10 },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');
  const row = await createReferralCodesRepository(ctx.db).insert({
    code,
    maxUses: input.maxUses,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    createdBy: staff.staffId,
  });
  await ctx.audit.record({
    action: 'referral-code',
    outcome: 'created',
    actor: actor(staff),
    ip,
    target: code,
  });
  return referralItem(row);
}

const referralItem = (row: ReferralCodeRow) => ({
  id: String(row.id),
  code: row.code,
  maxUses: row.maxUses,
  uses: row.uses,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  state: referralState(row) as 'valid' | 'revoked' | 'expired' | 'used_up',
});

export async function listReferralCodes(ctx: ConsoleContext) {
  const rows = await createReferralCodesRepository(ctx.db).newest();
  return { items: rows.map(referralItem) };
}

export async function revokeReferralCode(
  ctx: ConsoleContext,
  staff: Staff,
  id: number,
  ip: string,
) {
  const row = await createReferralCodesRepository(ctx.db).revoke(id);
  if (!row)
    throw new NotFoundError({ id: 'referral_unknown', message: CONSOLE_MESSAGES.codeNotFound });
  await ctx.audit.record({
    action: 'referral-code',
    outcome: 'revoked',
    actor: actor(staff),
    ip,
    target: row.code,
  });
  return referralItem(row);
}
