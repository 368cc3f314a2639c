export const BADGE_MESSAGES = {
  emptySelection: 'Pilih minimal satu peserta didik atau satu kelas.',
  selectionTooLarge: 'Satu pembuatan kartu berisi paling banyak 5.000 peserta didik.',
  batchNotFound: 'Pembuatan kartu tidak ditemukan.',
  batchNotFinished: 'Kartu masih dibuat. Unduh setelah selesai.',
  pdfGone:
    'Berkas kartu ini sudah diunduh atau sudah kedaluwarsa. Buat kartu baru bila kartu hilang.',
  badgeNotFound: 'Kartu aktif tidak ditemukan di sekolah ini.',
  gradeInvalid: 'Kelas tidak dikenal.',
  notSelectable:
    'Sebagian peserta didik yang dipilih tidak dapat dibuatkan kartu. Muat ulang daftar lalu pilih lagi.',
} as const;
