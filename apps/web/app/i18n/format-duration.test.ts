import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '~/i18n/i18n';
import { formatDuration } from '~/i18n/format-duration';

afterAll(() => changeLanguage('id'));

describe('formatDuration', () => {
  it('says a wait in Indonesian words', async () => {
    await changeLanguage('id');
    const say = (seconds: number) => formatDuration(seconds, i18n.t);
    expect(say(30)).toBe('30 detik');
    expect(say(61)).toBe('2 menit');
    expect(say(2_590)).toBe('44 menit');
    expect(say(7_200)).toBe('2 jam');
    expect(say(5_460)).toBe('1 jam dan 31 menit');
  });

  it('says it in English with plurals', async () => {
    await changeLanguage('en');
    const say = (seconds: number) => formatDuration(seconds, i18n.t);
    expect(say(1)).toBe('1 second');
    expect(say(60)).toBe('1 minute');
    expect(say(3_660)).toBe('1 hour and 1 minute');
    expect(say(7_200)).toBe('2 hours');
  });
});
