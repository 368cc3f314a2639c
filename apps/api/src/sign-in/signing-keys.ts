import { generateKeyPair, type JsonWebKey } from 'node:crypto';
import { promisify } from 'node:util';
import { calculateJwkThumbprint } from 'jose';
import { SIGN_IN_POLICY } from '@portal/contracts/sign-in';
import { createSealer } from '../credentials/sealing';
import type { Db } from '../db/database';
import { createSigningKeysRepository, type SigningKeyRow } from './signing-keys-repository';

export type KeyState = 'pending' | 'signing' | 'verifying' | 'retired';
export type KeyStatus = { row: SigningKeyRow; state: KeyState; verifiesUntil: Date | null };
/** The provider's key set: the signing key first (it signs with the first usable key). */
export type ProviderKeys = { keys: JsonWebKey[]; signingKid: string; fingerprint: string };

/** How often each instance reads the keys again. */
export const KEY_RELOAD_SECONDS = 60;
// A rotated key is published this long before it signs: every instance reloads, and clients
// caching the key set fetch it again, before a token signed with it reaches them.
const PUBLISH_AHEAD_SECONDS = 10 * 60;
// A replaced key verifies for the longest life of a token it signed, after the last instance
// stopped signing with it (one reload later), with the provider's clock tolerance.
const CLOCK_TOLERANCE_SECONDS = 15;
const VERIFY_AFTER_SECONDS =
  Math.max(SIGN_IN_POLICY.accessTokenMinutes, SIGN_IN_POLICY.idTokenMinutes) * 60 +
  KEY_RELOAD_SECONDS +
  CLOCK_TOLERANCE_SECONDS;
// Any number, the same in every instance: two instances starting on an empty table make one key.
const FIRST_KEY_LOCK = 7_240_412;
const ALG = 'RS256';

const generateRsa = promisify(generateKeyPair);

/** The private keys, sealed (credentials/sealing.ts) with the kid as their label. */
function sealer(secret: string) {
  const sealing = createSealer(secret, 'oidc-signing-keys');
  return {
    seal: (kid: string, jwk: JsonWebKey): string => sealing.seal(kid, JSON.stringify(jwk)),
    open(kid: string, sealed: string): JsonWebKey {
      try {
        return JSON.parse(sealing.open(kid, sealed)) as JsonWebKey;
      } catch (cause) {
        throw new Error(
          `The sign-in signing key ${kid} cannot be opened: TOKEN_SECRET is not the one it was sealed with. Restore that TOKEN_SECRET, or rotate the keys with \`npm run keys -- rotate --now\` (signed-in people sign in again).`,
          { cause },
        );
      }
    },
  };
}

/**
 * What each key does at `now`, from the keys in the order they began signing: the latest one
 * whose time has come signs, later ones wait, earlier ones verify until their tokens expired.
 */
export function keyStatuses(rows: readonly SigningKeyRow[], now: Date): KeyStatus[] {
  const sorted = [...rows].sort(
    (a, b) =>
      a.signsFrom.getTime() - b.signsFrom.getTime() ||
      a.createdAt.getTime() - b.createdAt.getTime(),
  );
  const signing = sorted.findLastIndex((row) => row.signsFrom <= now);
  return sorted.map((row, index) => {
    if (index === signing) return { row, state: 'signing', verifiesUntil: null };
    if (index > signing) return { row, state: 'pending', verifiesUntil: null };
    const replacedAt = sorted[index + 1]!.signsFrom;
    const verifiesUntil = new Date(replacedAt.getTime() + VERIFY_AFTER_SECONDS * 1000);
    return { row, state: verifiesUntil > now ? 'verifying' : 'retired', verifiesUntil };
  });
}

/** The provider's RS256 signing keys in the database, sealed, shared by every instance. */
export function createSigningKeys(db: Db, secret: string) {
  const { seal, open } = sealer(secret);
  const opened = new Map<string, JsonWebKey>();
  const repository = createSigningKeysRepository(db);

  async function newKey(
    keys: ReturnType<typeof createSigningKeysRepository>,
    signsInSeconds: number,
  ): Promise<SigningKeyRow> {
    const { privateKey, publicKey } = await generateRsa('rsa', { modulusLength: 2048 });
    const publicJwk = { ...publicKey.export({ format: 'jwk' }), alg: ALG, use: 'sig' };
    const kid = await calculateJwkThumbprint(
      publicJwk as Parameters<typeof calculateJwkThumbprint>[0],
    );
    return keys.insert(
      {
        kid,
        publicJwk: { ...publicJwk, kid },
        sealedPrivateJwk: seal(kid, privateKey.export({ format: 'jwk' })),
      },
      signsInSeconds,
    );
  }

  async function statuses(): Promise<KeyStatus[]> {
    const { rows, now } = await repository.allWithNow();
    return keyStatuses(rows, now);
  }

  return {
    statuses,

    /** Makes a key that signs at once when none signs yet (a first start). */
    async ensureSigningKey(): Promise<void> {
      if (await repository.anySigning()) return;
      await db.transaction(async (tx) => {
        const keys = createSigningKeysRepository(tx);
        await keys.lock(FIRST_KEY_LOCK);
        if (!(await keys.anySigning())) await newKey(keys, 0);
      });
    },

    /**
     * Adds a key that signs after it has been published a while, or at once (`now`: when the
     * old key may be known to others). The old key verifies on; retired keys are deleted.
     */
    async rotate({ now }: { now: boolean }): Promise<SigningKeyRow> {
      const before = await statuses();
      const signsNow = now || !before.some((status) => status.state === 'signing');
      const row = await newKey(repository, signsNow ? 0 : PUBLISH_AHEAD_SECONDS);
      const retired = before.filter((s) => s.state === 'retired').map((s) => s.row.kid);
      if (retired.length > 0) await repository.remove(retired);
      return row;
    },

    /** The key set the provider loads now: signing, then pending, then verifying keys. */
    async providerKeys(): Promise<ProviderKeys> {
      const current = (await statuses()).filter((status) => status.state !== 'retired');
      const order: KeyState[] = ['signing', 'pending', 'verifying'];
      current.sort((a, b) => order.indexOf(a.state) - order.indexOf(b.state));
      const signingKid = current.find((status) => status.state === 'signing')?.row.kid;
      if (!signingKid) throw new Error('no signing key: call ensureSigningKey first');
      const keys = current.map(({ row }) => {
        let jwk = opened.get(row.kid);
        if (!jwk) {
          jwk = { ...open(row.kid, row.sealedPrivateJwk), kid: row.kid, alg: ALG, use: 'sig' };
          opened.set(row.kid, jwk);
        }
        return jwk;
      });
      return { keys, signingKid, fingerprint: keys.map((key) => key.kid).join(',') };
    },
  };
}
export type SigningKeys = ReturnType<typeof createSigningKeys>;
