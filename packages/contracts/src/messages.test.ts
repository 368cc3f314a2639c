import { describe, expect, it } from 'vitest';
import { LOOKUP_MESSAGES } from './account-lookup';
import { countedMessage, isCountedMessage } from './counted-message';
import { RESET_MESSAGES, resetLockedMessage } from './password-reset';

describe('messages', () => {
  it('fills a counted message and keeps its template for clients to recognise it', () => {
    const wait = countedMessage('Tunggu {{count}} detik.');
    expect(wait(42)).toBe('Tunggu 42 detik.');
    expect(wait.template).toBe('Tunggu {{count}} detik.');
    expect(isCountedMessage(wait)).toBe(true);
    expect(isCountedMessage('Tunggu 42 detik.')).toBe(false);
    expect(LOOKUP_MESSAGES.codeInvalid(4)).toBe('Kode tidak sesuai. Sisa percobaan: 4.');
  });

  it('says a lock in minutes below an hour and in whole hours from an hour on', () => {
    expect(resetLockedMessage(30)).toBe(
      'Kode sudah diminta terlalu sering. Coba lagi dalam 30 menit.',
    );
    expect(resetLockedMessage(90)).toBe(
      'Kode sudah diminta terlalu sering. Coba lagi dalam 2 jam.',
    );
    expect(resetLockedMessage(120)).toBe(RESET_MESSAGES.lockedHours(2));
  });
});
