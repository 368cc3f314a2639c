export const ANNOUNCEMENT_MESSAGES = {
  descriptionRequired: 'Tuliskan isi pengumuman.',
  descriptionTooLong: 'Isi pengumuman paling panjang 2.000 karakter.',
  timeInvalid: 'Tanggal dan jam tidak valid.',
  endBeforeStart: 'Waktu berakhir harus setelah waktu mulai.',
  notFound: 'Pengumuman tidak ditemukan.',
} as const;
