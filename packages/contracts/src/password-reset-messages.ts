import { countedMessage } from './counted-message';

/** Messages of this journey (SPEC §8 and our own where the spec is silent). */
export const RESET_MESSAGES = {
  notEligible: 'Data email belum terdaftar di Dapodik.',
  phoneNotEligible: 'Nomor telepon belum terdaftar di Dapodik.',
  sessionInvalid: 'Sesi atur ulang kata sandi tidak valid atau sudah berakhir. Silakan mulai lagi.',
  cooldown: countedMessage('Tunggu {{count}} detik sebelum meminta kode baru.'),
  lockedMinutes: countedMessage(
    'Kode sudah diminta terlalu sering. Coba lagi dalam {{count}} menit.',
  ),
  lockedHours: countedMessage('Kode sudah diminta terlalu sering. Coba lagi dalam {{count}} jam.'),
  wrongCodesLocked: countedMessage(
    'Terlalu banyak kode salah dimasukkan. Coba lagi dalam {{count}} jam.',
  ),
  codeFormat: 'Kode OTP terdiri dari 6 angka.',
  codeInvalid: countedMessage('Kode OTP salah. Sisa percobaan: {{count}}.'),
  codeEnded: 'Kode OTP salah 5 kali. Silakan mulai lagi dari awal.',
  codeExpired: 'Kode OTP sudah tidak berlaku. Minta kode baru.',
  notVerified: 'Verifikasi kode OTP terlebih dahulu.',
  passwordTooShort: countedMessage('Kata sandi minimal {{count}} karakter.'),
  passwordTooLong: countedMessage('Kata sandi maksimal {{count}} karakter.'),
  passwordMismatch: 'Konfirmasi kata sandi tidak sama.',
  commonPassword: 'Kata sandi ini terlalu umum dan mudah ditebak. Pilih kata sandi lain.',
  passwordIsAccount: 'Kata sandi tidak boleh sama dengan alamat akun.',
  passwordReused:
    'Kata sandi baru tidak boleh sama dengan kata sandi saat ini atau kata sandi awal. Pilih kata sandi lain.',
  busy: 'Layanan sedang sibuk. Silakan coba lagi sebentar lagi.',
} as const;
