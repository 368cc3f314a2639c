import { randomUUID } from 'node:crypto';
import type { OfficeRequestBody } from '@portal/contracts/office-request';

/**
 * An office's account request as the form sends it (SPEC §3), with the letter `letter` uploaded
 * before: a woman born on 5 June 1980, so the NIK (day + 40) carries her birth date. A test
 * overrides what it varies.
 */
export const officeRequestBody = (
  letter: string,
  overrides: Partial<OfficeRequestBody> = {},
): OfficeRequestBody => ({
  requestKey: randomUUID(),
  name: 'Siti Nurhaliza',
  nik: '3273014506800001',
  birthDate: '1980-06-05',
  motherName: 'Aminah',
  email: 'siti.nurhaliza@example.org',
  phone: '081298765432',
  province: '32',
  city: '32.73',
  dinasType: 'kota_kabupaten',
  position: 'lainnya',
  positionOther: 'Analis Kurikulum',
  referralCode: 'KONSOL2026',
  suratDinas: 'Permohonan Akun',
  nomorSuratDinas: '421/9/2026',
  platform: ['merdeka-mengajar'],
  document: { letter },
  password: 'Jembatan Pasupati malam 9',
  ...overrides,
});
