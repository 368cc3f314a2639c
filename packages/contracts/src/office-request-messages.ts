import { ERROR_MESSAGES } from './api-error';

export const OFFICE_REQUEST_MESSAGES = {
  provinceInvalid: 'Pilih provinsi.',
  referralUnknown: 'Kode referral tidak ditemukan.',
  referralExpired: 'Kode referral sudah tidak berlaku.',
  referralUsedUp: 'Kode referral sudah habis dipakai.',
  referralRevoked: 'Kode referral sudah dicabut.',
  referralFormat: 'Kode referral terdiri dari 6 sampai 32 huruf atau angka.',
  /** SPEC §5: what the web shows for `failed to parse file`. */
  fileRejected: ERROR_MESSAGES.dataInvalid,
  fileMissing: 'Pilih berkas surat dinas (PDF).',
  fileTooLarge: 'Ukuran berkas paling besar 5 MB.',
  /** A multipart body that cannot be read (cut short, no boundary, a broken part). */
  uploadMalformed: 'Berkas tidak terkirim dengan utuh. Silakan unggah ulang berkasnya.',
  nikFormat: 'NIK terdiri dari 16 angka.',
  phoneFormat: 'Nomor telepon tidak valid. Contoh: 081234567890.',
  cityInvalid: 'Pilih kabupaten/kota di provinsi yang dipilih.',
  positionInvalid: 'Pilih jabatan.',
  positionOtherRequired: 'Tuliskan jabatan Anda.',
  textTooLong: 'Isian terlalu panjang.',
  platformRequired: 'Pilih minimal satu platform.',
  letterRequired: 'Unggah surat dinas (PDF).',
  uploadInvalid: 'Berkas tidak ditemukan atau sudah dipakai. Unggah ulang berkasnya.',
  requestKeyInvalid: 'Muat ulang halaman lalu kirim lagi.',
} as const;
