import type { RateLimitStore } from '../counters/rate-limit-store';
import type { Db } from '../db/database';
import { createBadgeHasher, parseQrText, parseShortCode } from './badge-secrets';
import { createBadgesRepository, type BadgeRow } from './badges-repository';

export type BadgeHolder = {
  /** The badges row's id, as a string. */
  badgeId: string;
  /** The student's learning account id (the provider's accountId). */
  accountId: string;
  /** The child's name as the card shows it. */
  name: string;
  schoolName: string;
  npsn: string;
  /** The class level as the card shows it (`Kelas 3`, or the school's level when unknown). */
  level: string;
};
export type BadgeRefusal = 'unknown' | 'ended' | 'left-school' | 'locked';
export type BadgeCheck =
  | { ok: true; holder: BadgeHolder }
  | { ok: false; refusal: BadgeRefusal; retryAfterSeconds?: number };
export type BadgeCredentials = {
  /** The text a QR code holds -> the badge's holder, or why not. */
  checkQr(text: string): Promise<BadgeCheck>;
  /** The typed short code with the school's NPSN; a wrong code counts toward the lock. */
  checkShortCode(npsn: string, shortCode: string, client: string): Promise<BadgeCheck>;
  /** Still live right now (the confirmation step re-checks before the sign-in completes). */
  isLive(badgeId: string): Promise<boolean>;
};

/**
 * The short code's lock (decision 0293). Wrong codes are counted per school and client (the
 * caller's address): one network's guesses lock only that network's typing for that school, so
 * a stranger elsewhere cannot lock a school out. A wrong code whose first group names a live
 * badge also counts on that badge, so guesses spread over many addresses stop at a few per
 * badge; that lock only holds the typed code of one child, whose QR code keeps working.
 */
export const SHORT_CODE_LOCK = {
  windowMs: 15 * 60_000,
  /** A class on one school network types many codes: room for its typing mistakes. */
  perClient: 30,
  perBadge: 5,
} as const;

export type BadgeCredentialDependencies = {
  db: Db;
  counters: RateLimitStore;
  tokenSecret: string;
};

/** The card's level line: the registry's class when it has one, else the school's level. */
export const cardLevel = (grade: number | null, schoolLevel: string): string =>
  grade === null ? schoolLevel : `Kelas ${grade}`;

const holderOf = (row: BadgeRow): BadgeHolder => ({
  badgeId: String(row.badgeId),
  accountId: String(row.accountId),
  name: row.fullName,
  schoolName: row.schoolName,
  npsn: row.npsn,
  level: cardLevel(row.grade, row.schoolLevel),
});

/** A badge and its holder as they stand now: live, ended, or its child gone from the school. */
function verdict(row: BadgeRow | undefined): BadgeCheck {
  if (!row) return { ok: false, refusal: 'unknown' };
  // A badge signs in a student's account only; another kind never gets one, so none matches.
  if (row.accountKind !== 'pd') return { ok: false, refusal: 'unknown' };
  if (row.endedAt !== null || row.accountStatus !== 'active') {
    return { ok: false, refusal: 'ended' };
  }
  if (!row.member) return { ok: false, refusal: 'left-school' };
  return { ok: true, holder: holderOf(row) };
}

/** Checks printed badges: their QR code, or their short code with the school's NPSN. */
export function createBadgeCredentials(deps: BadgeCredentialDependencies): BadgeCredentials {
  const repository = createBadgesRepository(deps.db);
  const hasher = createBadgeHasher(deps.tokenSecret);
  const { windowMs, perClient, perBadge } = SHORT_CODE_LOCK;
  const clientKey = (npsn: string, client: string) => `badge-code:client:${npsn}:${client}`;
  const badgeKey = (badgeId: number) => `badge-code:badge:${badgeId}`;
  const locked = (resetInMs: number): BadgeCheck => ({
    ok: false,
    refusal: 'locked',
    retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
  });

  return {
    async checkQr(text) {
      const qrText = parseQrText(text);
      if (!qrText) return { ok: false, refusal: 'unknown' };
      return verdict(await repository.byQrHash(hasher.qr(qrText)));
    },

    async checkShortCode(npsn, shortCode, client) {
      const parsed = parseShortCode(shortCode);
      // What cannot be a code at all (a wrong length, a left-out letter) is a typing slip that
      // guesses nothing: refused without counting.
      if (!parsed || !/^([0-9]{8}|[PK][0-9]{7})$/.test(npsn)) {
        return { ok: false, refusal: 'unknown' };
      }
      const fromClient = clientKey(npsn, client);
      if ((await deps.counters.peek(fromClient)) >= perClient) {
        return locked((await deps.counters.increment(fromClient, windowMs)).resetInMs);
      }
      const row = await repository.liveByLocator(npsn, parsed.locator);
      if (row && (await deps.counters.peek(badgeKey(row.badgeId))) >= perBadge) {
        return locked((await deps.counters.increment(badgeKey(row.badgeId), windowMs)).resetInMs);
      }
      const right =
        row !== undefined &&
        hasher.same(row.codeHash, hasher.code(npsn, parsed.locator, parsed.secret));
      if (!right) {
        const counted = await deps.counters.increment(fromClient, windowMs);
        const perThisBadge = row
          ? await deps.counters.increment(badgeKey(row.badgeId), windowMs)
          : undefined;
        if (counted.count >= perClient) return locked(counted.resetInMs);
        if (perThisBadge && perThisBadge.count >= perBadge) return locked(perThisBadge.resetInMs);
        return { ok: false, refusal: 'unknown' };
      }
      return verdict(row);
    },

    async isLive(badgeId) {
      if (!/^[0-9]{1,18}$/.test(badgeId)) return false;
      return verdict(await repository.byId(Number(badgeId))).ok;
    },
  };
}
