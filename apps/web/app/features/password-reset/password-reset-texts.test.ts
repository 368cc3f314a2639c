import { describe, expect, it } from 'vitest';
import en from '~/locales/en/password-reset.json';
import id from '~/locales/id/password-reset.json';

const PLURAL_SUFFIX = /_(one|other)$/;

function rawKeys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => rawKeys(item, `${prefix}${key}.`));
  }
  return [prefix.slice(0, -1)];
}
const keys = (value: unknown) =>
  [...new Set(rawKeys(value).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
const texts = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(texts)
      : [];

describe('the password-reset catalogue', () => {
  it('has the same keys in Indonesian and English', () => {
    expect(keys(en)).toEqual(keys(id));
  });
  it('gives English a singular wherever Indonesian counts', () => {
    const english = rawKeys(en);
    for (const key of rawKeys(id).filter((raw) => raw.endsWith('_other'))) {
      expect(english).toContain(key.replace(/_other$/, '_one'));
    }
  });
  it('names the product only through the brand variables', () => {
    for (const text of [...texts(id), ...texts(en)]) {
      expect(text.trim()).not.toBe('');
      expect(text.toLowerCase()).not.toContain('belajar');
    }
  });
  it('keeps the texts SPEC §2, §5 and §8 fix', () => {
    expect(id.lookup.title).toBe('Masuk ke Akun {{domain}} / Reset Kata Sandi Anda');
    expect(id.lookup.emailLabel).toBe('Email');
    expect(id.lookup.birthDateLabel).toBe('Tanggal Lahir');
    expect(id.required).toBe('Wajib Diisi');
    expect(id.method.sent).toBe('Kode OTP berhasil dikirim');
    expect(id.method.emailNotEligible).toBe('Data email belum terdaftar di Dapodik.');
    expect(id.help.link).toBe('Tidak ada akses ke data ini?');
  });
});
