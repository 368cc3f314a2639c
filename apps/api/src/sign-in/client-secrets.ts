import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Platform client secrets (decision 0271): 256 random bits shown once, kept as their
 * SHA-256. A secret of that strength needs no slow hash: nobody guesses it, and the hash only
 * keeps a copy of the database from being a copy of the secrets. The provider compares the
 * hash of what a platform sends with the stored hash (and, through a rotation's overlap, with
 * the previous one).
 */
export const newClientSecret = (): string => randomBytes(32).toString('base64url');

export const hashClientSecret = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

/** Extra client metadata the provider carries for a platform (kept under these names). */
export const CLIENT_EXTRA_METADATA = {
  firstParty: 'portal_first_party',
  /** The registration allows a student's badge sign-in (the portal's own client never does). */
  badgeSignIn: 'portal_badge_sign_in',
  previousSecretHash: 'portal_previous_secret_hash',
  /** Seconds since the epoch until which the previous secret is still accepted. */
  previousSecretUntil: 'portal_previous_secret_until',
} as const;

const sameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether a presented secret is the current one, or the previous one inside its overlap. */
export function secretMatches(
  presented: string,
  stored: { hash: string | undefined; previousHash?: string | undefined; previousUntil?: number },
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!stored.hash) return false;
  const hash = hashClientSecret(presented);
  if (sameHash(hash, stored.hash)) return true;
  return Boolean(
    stored.previousHash &&
    stored.previousUntil !== undefined &&
    stored.previousUntil > nowSeconds &&
    sameHash(hash, stored.previousHash),
  );
}
