import { afterEach, describe, expect, it } from 'vitest';
import { formatClock } from '~/i18n/format-clock';

// 2026-11-24 07:05 UTC.
const AT = Date.UTC(2026, 10, 24, 7, 5);
const originalZone = process.env.TZ;

const inZone = (zone: string) => {
  process.env.TZ = zone;
};

afterEach(() => inZone(originalZone ?? 'UTC'));

describe('formatClock', () => {
  it('names the Indonesian zone the visitor reads the time in', () => {
    inZone('Asia/Jakarta');
    expect(formatClock(AT, 'id')).toBe('14.05 WIB');
    inZone('Asia/Makassar');
    expect(formatClock(AT, 'id')).toBe('15.05 WITA');
    inZone('Asia/Jayapura');
    expect(formatClock(AT, 'en')).toBe('16:05 WIT');
  });

  it('names any other zone as the browser does', () => {
    inZone('UTC');
    expect(formatClock(AT, 'en')).toMatch(/^07:05 (UTC|GMT)$/);
  });
});
