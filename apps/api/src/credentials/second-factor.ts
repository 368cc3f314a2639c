import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { SECOND_FACTOR } from '@portal/contracts/sign-in';

// Letters and digits a person copies without confusing them (no 0/o, 1/l/i).
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
// A code from the step before or after the server's: phones' clocks drift.
const TOLERANCE_SECONDS = SECOND_FACTOR.periodSeconds;

/** A fresh secret and what the person's app needs to hold it: the URI and its QR code. */
export async function newTotpEnrolment(accountEmail: string, secret = generateSecret()) {
  const uri = generateURI({ issuer: SECOND_FACTOR.issuer, label: accountEmail, secret });
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(
    await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
  ).toString('base64')}`;
  return { secret, uri, qrCode };
}

/**
 * The RFC 6238 time step a code belongs to, when it is right and newer than the last one
 * accepted (a code is never accepted twice); undefined otherwise.
 */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

const hashRecoveryCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Ten recovery codes in clear (shown once) and their hashes (stored). */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const group = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
      '',
    );
  const codes = Array.from({ length: SECOND_FACTOR.recoveryCodes }, () => `${group()}-${group()}`);
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** The stored hash a typed recovery code matches, compared in constant time. */
export function matchingRecoveryHash(code: string, hashes: readonly string[]): string | undefined {
  const typed = Buffer.from(hashRecoveryCode(code), 'hex');
  return hashes.find((hash) => timingSafeEqual(Buffer.from(hash, 'hex'), typed));
}
