import { randomInt } from 'node:crypto';
import { CONSOLE_MESSAGES } from '@portal/contracts/console';
import { NotFoundError } from '../http/domain-errors';
import { referralState } from '../office-request/office-reference';
import type { ConsoleDependencies } from './console-dependencies';
import { actor, type Staff } from './office-review-service';
import { createReferralCodesRepository, type ReferralCodeRow } from './referral-codes-repository';

// Codes are read aloud and typed: no 0/O or 1/I.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

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

/** What the audit trail keeps of a code. */
const auditedCode = (row: ReferralCodeRow) => ({
  id: String(row.id),
  maxUses: row.maxUses,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  revoked: row.revokedAt !== null,
});

/** The referral codes staff hand to offices. */
export function createReferralCodes({ db, audit }: ConsoleDependencies) {
  const repository = createReferralCodesRepository(db);
  return {
    /** A new referral code: 10 random characters (50 bits), a use limit, maybe an expiry. */
    async createReferralCode(
      staff: Staff,
      input: { maxUses: number; expiresAt?: string | undefined },
      ip: string,
    ) {
      const code = Array.from(
        { length: 10 },
        () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
      ).join('');
      const row = await repository.insert({
        code,
        maxUses: input.maxUses,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        createdBy: staff.staffId,
      });
      await audit.record({
        action: 'referral-code',
        outcome: 'created',
        actor: actor(staff),
        ip,
        target: code,
        // The code itself is what offices type: the trail names it by its id and target hash.
        changes: { before: null, after: auditedCode(row) },
      });
      return referralItem(row);
    },

    async listReferralCodes() {
      const rows = await repository.newest();
      return { items: rows.map(referralItem) };
    },

    async revokeReferralCode(staff: Staff, id: number, ip: string) {
      return db.transaction(async (tx) => {
        const codes = createReferralCodesRepository(tx);
        const before = await codes.hold(id);
        if (!before)
          throw new NotFoundError({
            id: 'referral_unknown',
            message: CONSOLE_MESSAGES.codeNotFound,
          });
        const row = (await codes.revoke(id))!;
        await audit.record(
          {
            action: 'referral-code',
            outcome: 'revoked',
            actor: actor(staff),
            ip,
            target: row.code,
            changes: { before: auditedCode(before), after: auditedCode(row) },
          },
          tx,
        );
        return referralItem(row);
      });
    },
  };
}
