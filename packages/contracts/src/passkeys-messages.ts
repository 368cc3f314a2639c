import { countedMessage } from './counted-message';

/**
 * Passkeys (WebAuthn, decision 0262): a second factor beside the authenticator app, for staff
 * and every account holder alike.
 */
export const PASSKEY_POLICY = {
  /** How long a challenge may be answered, once; also the browser's wait (`timeout`). */
  challengeMinutes: 5,
  /** Passkeys one account may hold. */
  maxPerAccount: 10,
  labelMaxLength: 60,
} as const;

export const PASSKEY_MESSAGES = {
  /** Any answer that does not verify: wrong challenge, origin, no user verification, unknown. */
  refused: 'Passkey tidak dapat diverifikasi. Silakan coba lagi.',
  notFound: 'Passkey tidak ditemukan.',
  limit: countedMessage(
    'Anda sudah memiliki {{count}} passkey. Hapus salah satu sebelum menambahkan yang baru.',
  ),
  labelTooLong: countedMessage('Nama passkey paling banyak {{count}} karakter.'),
} as const;
