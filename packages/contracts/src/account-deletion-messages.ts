export const DELETION_MESSAGES = {
  linkInvalid: 'Tautan laporan tidak valid. Buka tautan dari email pemberitahuan penghapusan.',
  tooLate:
    'Batas waktu laporan sudah lewat: laporan hanya diterima sampai 5 hari setelah tanggal penghapusan.',
  alreadyReported: 'Laporan untuk penghapusan ini sudah diterima dan sedang ditinjau.',
  cancelled: 'Penghapusan akun ini sudah dibatalkan. Anda tidak perlu melapor.',
  reasonRequired: 'Tuliskan alasan laporan Anda.',
  reasonTooLong: 'Alasan paling panjang 1.000 karakter.',
  reporterRequired: 'Pilih siapa yang melapor.',
  notReported: 'Penghapusan ini tidak sedang menunggu keputusan.',
  deletionNotFound: 'Penghapusan tidak ditemukan.',
} as const;
