import { createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * What a badge's QR code holds: a versioned prefix and 144 random bits in base64url. It is not
 * a URL, so a phone's camera app shows it as text instead of opening it in a browser.
 */
export const BADGE_QR_PREFIX = 'KARTU1.';
const QR_SECRET_BYTES = 18;
const QR_PATTERN = /^KARTU1\.[A-Za-z0-9_-]{24}$/;

/** No 0/O, 1/I/L: a child or a teacher reads the short code off the card and types it. */
export const SHORT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GROUP = 4;
/** The first group names the badge within its school; the other two are its secret. */
const SECRET_GROUPS = 2;

export type BadgeSecrets = { qrText: string; locator: string; shortCode: string };

const group = (): string =>
  Array.from(
    { length: GROUP },
    () => SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)],
  ).join('');

/** A new badge's secrets: the QR text and the short code `K7QM-3XPA-9RTE`. */
export function newBadgeSecrets(): BadgeSecrets {
  const locator = group();
  const secret = Array.from({ length: SECRET_GROUPS }, group);
  return {
    qrText: BADGE_QR_PREFIX + randomBytes(QR_SECRET_BYTES).toString('base64url'),
    locator,
    shortCode: [locator, ...secret].join('-'),
  };
}

/** A fresh locator for the same secret when the school already has a live badge with it. */
export function withNewLocator(secrets: BadgeSecrets): BadgeSecrets {
  const locator = group();
  return {
    ...secrets,
    locator,
    shortCode: [locator, ...secrets.shortCode.split('-').slice(1)].join('-'),
  };
}

/** The QR text as scanned, or null when it is not a badge's. */
export function parseQrText(text: string): string | null {
  const trimmed = text.trim();
  return QR_PATTERN.test(trimmed) ? trimmed : null;
}

/**
 * A typed short code: case, spaces and dashes do not matter. Null when it cannot be one (a
 * wrong length or a letter the alphabet leaves out).
 */
export function parseShortCode(typed: string): { locator: string; secret: string } | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '');
  if (compact.length !== GROUP * (1 + SECRET_GROUPS)) return null;
  for (const char of compact) if (!SHORT_CODE_ALPHABET.includes(char)) return null;
  return { locator: compact.slice(0, GROUP), secret: compact.slice(GROUP) };
}

/**
 * Keyed SHA-256 of the badge secrets. A fast keyed hash is enough: the QR secret has 144 random
 * bits, which no guessing reaches, and the short code's 40 bits are only tried online, counted
 * by the lock; the key, derived from TOKEN_SECRET, is not in the database, so a copy of the
 * table alone does not let anyone test guesses offline (decision 0293).
 */
export function createBadgeHasher(tokenSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', tokenSecret, 'portal', 'badge-secrets', 32));
  const mac = (value: string): string => createHmac('sha256', key).update(value).digest('hex');
  return {
    qr: (qrText: string): string => mac(`qr:${qrText}`),
    code: (npsn: string, locator: string, secret: string): string =>
      mac(`code:${npsn}:${locator}:${secret}`),
    /** Compares two hex hashes in constant time. */
    same: (a: string, b: string): boolean =>
      a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b)),
  };
}
export type BadgeHasher = ReturnType<typeof createBadgeHasher>;

/** The short code's secret part of a full short code, for hashing at making time. */
export const shortCodeSecret = (shortCode: string): string =>
  shortCode.split('-').slice(1).join('');
