import type { Db, Transaction } from '../db/database';
import {
  createBadgeHasher,
  newBadgeSecrets,
  shortCodeSecret,
  withNewLocator,
  type BadgeSecrets,
} from './badge-secrets';
import { createBadgesRepository } from './badges-repository';
import type { BadgesDependencies } from './badges-dependencies';

/** A badge just made, with its secrets in clear: they exist only until printed. */
export type MadeBadge = BadgeSecrets & { badgeId: number; replaced: number | undefined };

// Live badges of a school take a locator each out of 31^4 (923,521): a draw rarely collides,
// and a few draws in a row practically never.
const LOCATOR_DRAWS = 8;

/** Makes one student's badge: the old one, if any, ends in the same transaction. */
export function createBadgeMaking({
  db,
  tokenSecret,
}: Pick<BadgesDependencies, 'db' | 'tokenSecret'>) {
  const hasher = createBadgeHasher(tokenSecret);

  async function makeIn(
    tx: Db | Transaction,
    accountId: number,
    npsn: string,
    batchId: number | null,
  ): Promise<MadeBadge | null> {
    const badges = createBadgesRepository(tx);
    if (!(await badges.eligibleStudent(accountId, npsn))) return null;
    const replaced = await badges.endLiveOf(accountId, 'replaced');
    let secrets = newBadgeSecrets();
    for (let draw = 0; draw < LOCATOR_DRAWS; draw += 1) {
      const badgeId = await badges.insert({
        accountId,
        npsn,
        batchId,
        qrHash: hasher.qr(secrets.qrText),
        codeLocator: secrets.locator,
        codeHash: hasher.code(npsn, secrets.locator, shortCodeSecret(secrets.shortCode)),
      });
      if (badgeId !== undefined) return { ...secrets, badgeId, replaced };
      secrets = withNewLocator(secrets);
    }
    throw new Error('no free badge locator after several draws');
  }

  return {
    /**
     * Makes a badge for a student account of the school (the demo's and the tests' way to one
     * badge; a school admin's go through batches). Null when the account is not an active
     * student account of a current student of `npsn`.
     */
    makeBadge(accountId: number, npsn: string): Promise<MadeBadge | null> {
      return db.transaction((tx) => makeIn(tx, accountId, npsn, null));
    },
    /** The same inside the caller's transaction, for a batch. */
    makeBadgeIn: makeIn,
  };
}
