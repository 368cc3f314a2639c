export const OPERATIONAL_DATE_MESSAGES = {
  outOfRange: 'Tanggal harus di antara 1 Januari 2000 dan 31 Desember 2100.',
} as const;
