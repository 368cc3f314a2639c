export const SCHOOL_ADMIN_MESSAGES = {
  notSchoolAdmin: 'Hanya Kepala Sekolah atau Operator Sekolah ini yang dapat melakukannya.',
  emptySelection: 'Pilih minimal satu peserta didik.',
  selectionTooLarge: 'Satu pengajuan berisi paling banyak 5.000 peserta didik.',
  notRequestable:
    'Sebagian peserta didik yang dipilih tidak dapat diajukan. Muat ulang daftar lalu pilih lagi.',
  requestNotFound: 'Pengajuan tidak ditemukan.',
  requestNotFinished: 'Pengajuan masih diproses. Unduh setelah selesai.',
  accountNotFound: 'Akun peserta didik tidak ditemukan di sekolah ini.',
  queryTooLong: 'Kata pencarian terlalu panjang (maksimal 100 karakter).',
} as const;
