import { dictionary } from '@zxcvbn-ts/language-common';

// The zxcvbn-ts list of common passwords (about 49,000, from leaked-password corpora) plus
// the local words people here reach for first. Compared case-insensitively, whole password.
const LOCAL = [
  'indonesia',
  'indonesia1',
  'indonesia123',
  'merdeka45',
  'merdeka1945',
  'bismillah',
  'bismillah123',
  'sayangku',
  'katasandi',
  'katasandi123',
  'rahasia123',
  'belajar123',
  'belajarid',
  'sekolah123',
  'gurukita',
  'pendidikan',
  'kemendikbud',
  'kemendikdasmen',
  'password123',
  'qwerty123',
  'jakarta123',
  'garuda123',
];

const COMMON = new Set<string>(
  [...(dictionary['passwords-common'] as string[]), ...LOCAL].map((p) => p.toLowerCase()),
);

export const COMMON_PASSWORD_COUNT = COMMON.size;

/** True for a password on the list of common passwords (NIST 800-63B: a blocklist, no rules). */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
