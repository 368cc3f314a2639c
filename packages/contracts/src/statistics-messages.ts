export const STATISTICS_MESSAGES = {
  rangeReversed: 'Tanggal akhir tidak boleh sebelum tanggal awal.',
  rangeTooLong: 'Rentang tanggal paling panjang 366 hari.',
} as const;
