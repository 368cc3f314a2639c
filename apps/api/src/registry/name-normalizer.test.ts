import { describe, expect, it } from 'vitest';
import { normalizeName } from './name-normalizer';

describe('normalizeName', () => {
  it.each([
    ['Budi Santoso', 'BUDI SANTOSO'],
    ['  budi   santoso ', 'BUDI SANTOSO'],
    ["Nur'aini", 'NURAINI'],
    ['Nur’aini', 'NURAINI'],
    ['SMP Swasta Al-Hikmah', 'SMP SWASTA AL HIKMAH'],
    ['Siti Aminah, S.Pd.', 'SITI AMINAH S PD'],
    ['SD Negeri 3 Kota Bandung', 'SD NEGERI 3 KOTA BANDUNG'],
    ['Désirée', 'DESIREE'],
    ['"Andi"\tWijaya', 'ANDI WIJAYA'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });

  it('is idempotent', () => {
    const once = normalizeName("Ma'ruf  al-Amin, S.H.");
    expect(normalizeName(once)).toBe(once);
  });
});
