export const CONSOLE_MESSAGES = {
  reasonRequired: 'Tuliskan alasan penolakan.',
  reasonTooLong: 'Alasan penolakan paling panjang 1.000 karakter.',
  alreadyDecided: 'Pengajuan ini sudah diputuskan.',
  requestNotFound: 'Pengajuan tidak ditemukan.',
  usesInvalid: 'Batas pemakaian antara 1 dan 10.000.',
  expiryInvalid: 'Tanggal berakhir harus setelah hari ini.',
  codeNotFound: 'Kode referral tidak ditemukan.',
  toggleTakesOnOff: 'Fitur ini hanya bisa dinyalakan atau dimatikan.',
  settingTakesText: 'Pengaturan ini berisi teks.',
  settingTooLong: 'Teks pengaturan paling panjang 500 karakter.',
  settingDateInvalid: 'Isi tanggal dengan format TTTT-BB-HH atau TTTT-BB-HHTjj:mm, atau kosongkan.',
  toggleChangedMeanwhile:
    'Pengaturan ini baru saja diubah oleh orang lain. Lihat nilainya sekarang, lalu ubah lagi bila perlu.',
} as const;
