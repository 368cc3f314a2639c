import { ERROR_MESSAGES } from './api-error';
import { countedMessage } from './counted-message';

/** Messages of this journey (SPEC §8 and our own where the spec is silent). */
export const LOOKUP_MESSAGES = {
  notFound: ERROR_MESSAGES.accountNotFound,
  botCheckFailed: 'Verifikasi keamanan gagal. Muat ulang halaman lalu coba lagi.',
  lookupDinasOff: 'Pencarian akun Dinas sedang tidak tersedia.',
  nameTooLong: 'Nama terlalu panjang (maksimal 100 karakter).',
  nameWithoutLetters: 'Nama harus berisi huruf.',
  regionInvalid: 'Pilih provinsi atau kabupaten/kota.',
  schoolNotFound: 'Sekolah dengan NPSN tersebut tidak ditemukan.',
  schoolNameTooShort: 'Ketik minimal 3 huruf nama sekolah.',
  noPersonalEmail: 'Data email belum terdaftar di Dapodik.',
  noPhone: 'Nomor telepon belum terdaftar di Dapodik.',
  phoneDeliveryOff: 'Pengiriman lewat nomor telepon sedang tidak tersedia.',
  noContactForChange:
    'Email pribadi hanya dapat diubah dengan kode ke email atau nomor telepon yang sudah terdaftar. Minta Operator Sekolah memperbarui data Anda di Dapodik.',
  noAccount: 'Anda belum memiliki akun. Ajukan pembuatan akun terlebih dahulu.',
  accountCreationOff: 'Pengajuan akun sedang tidak dibuka.',
  accountCreationNotForType:
    'Akun Peserta Didik diajukan oleh Kepala Sekolah atau Operator Sekolah.',
  sameEmail: 'Email baru sama dengan email yang terdaftar.',
  codeFormat: 'Kode terdiri dari 6 angka.',
  codeInvalid: countedMessage('Kode tidak sesuai. Sisa percobaan: {{count}}.'),
  codeExpired: 'Kode sudah tidak berlaku. Minta kode baru.',
  codeLocked: 'Kode salah 5 kali. Minta kode baru.',
  tokenInvalid: 'Sesi pencarian akun tidak valid atau sudah berakhir. Silakan cari akun Anda lagi.',
} as const;
