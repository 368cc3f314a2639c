import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_ANNOUNCEMENTS,
  chooseAnnouncement,
  isDismissed,
  parseServerAnnouncements,
  rememberDismissed,
  settingAnnouncement,
  settingInstant,
  type Announcement,
} from './announcement-selection';

const NOW = Date.parse('2026-11-30T10:00:00+07:00');
const HOUR = 3_600_000;

const item = (key: string, changes: Partial<Announcement> = {}): Announcement => ({
  key,
  description: key,
  isActive: true,
  startsAt: null,
  endsAt: null,
  ...changes,
});

describe('choosing the announcement of the bar', () => {
  it('takes the first showing one of the server, then the configured message, then a built-in one', () => {
    const server = [item('off', { isActive: false }), item('a'), item('b')];
    const setting = item('setting');
    const builtIn = [item('built-in')];
    expect(chooseAnnouncement({ server, setting, builtIn }, NOW)?.key).toBe('a');
    expect(chooseAnnouncement({ server: [], setting, builtIn }, NOW)?.key).toBe('setting');
    expect(chooseAnnouncement({ server: [], setting: null, builtIn }, NOW)?.key).toBe('built-in');
    expect(chooseAnnouncement({ server: [], setting: null, builtIn: [] }, NOW)).toBeNull();
  });

  it('shows one only inside its window: from its start, until before its end', () => {
    const window = { startsAt: NOW - HOUR, endsAt: NOW + HOUR };
    const pick = (changes: Partial<Announcement>) =>
      chooseAnnouncement({ server: [item('x', changes)], setting: null, builtIn: [] }, NOW)?.key;
    expect(pick(window)).toBe('x');
    expect(pick({ startsAt: NOW })).toBe('x');
    expect(pick({ startsAt: NOW + 1 })).toBeUndefined();
    expect(pick({ endsAt: NOW })).toBeUndefined();
    expect(pick({ endsAt: NOW + 1 })).toBe('x');
    expect(pick({ ...window, isActive: false })).toBeUndefined();
  });

  it('has built-in announcements of 2022-2023, all inactive, so none shows by itself', () => {
    expect(BUILT_IN_ANNOUNCEMENTS.length).toBeGreaterThanOrEqual(2);
    for (const builtIn of BUILT_IN_ANNOUNCEMENTS) {
      expect(builtIn.isActive).toBe(false);
      expect(new Date(builtIn.startsAt!).getFullYear()).toBeGreaterThanOrEqual(2022);
      expect(new Date(builtIn.endsAt!).getFullYear()).toBeLessThanOrEqual(2023);
    }
    expect(BUILT_IN_ANNOUNCEMENTS.map((builtIn) => builtIn.description).join(' ')).toContain(
      'Senin-Jumat pukul 09.00-17.00 WIB',
    );
    expect(chooseAnnouncement({ server: [], setting: null }, Date.parse('2022-06-01'))).toBeNull();
  });
});

describe('the remote configuration message', () => {
  const settings = (start: string, end: string) => ({
    ANNOUNCEMENT_MESSAGE: ' Libur **nasional** ',
    ANNOUNCEMENT_START_DATE: start,
    ANNOUNCEMENT_END_DATE: end,
  });

  it('reads days in Jakarta time, the whole end day included, and empty dates as open', () => {
    expect(settingInstant('2026-11-30', false)).toBe(Date.parse('2026-11-30T00:00:00+07:00'));
    expect(settingInstant('2026-11-30', true)).toBe(Date.parse('2026-12-01T00:00:00+07:00'));
    expect(settingInstant('2026-11-30T08:00', false)).toBe(Date.parse('2026-11-30T08:00:00+07:00'));
    expect(settingInstant('2026-11-30T01:00:00Z', false)).toBe(Date.parse('2026-11-30T01:00:00Z'));
    expect(settingInstant('  ', true)).toBeNull();
    expect(settingInstant('30/11/2026', false)).toBeUndefined();
  });

  it('is an announcement while not empty and now is inside its dates', () => {
    const choose = (start: string, end: string) =>
      chooseAnnouncement({ server: [], setting: settingAnnouncement(settings(start, end)) }, NOW);
    expect(choose('', '')?.description).toBe('Libur **nasional**');
    expect(choose('2026-11-30', '2026-11-30')).not.toBeNull();
    expect(choose('2026-12-01', '')).toBeNull();
    expect(choose('', '2026-11-29')).toBeNull();
    expect(choose('2026-11-30T10:00:00+07:00', '2026-11-30T10:30:00+07:00')).not.toBeNull();
    // A date nobody can read shows nothing rather than showing at the wrong time.
    expect(choose('besok', '')).toBeNull();
    expect(settingAnnouncement({ ANNOUNCEMENT_MESSAGE: '  ' })).toBeNull();
    expect(settingAnnouncement({})).toBeNull();
  });

  it('changes its key when its text or dates change', () => {
    const first = settingAnnouncement(settings('2026-11-30', ''));
    expect(settingAnnouncement(settings('2026-11-30', ''))?.key).toBe(first?.key);
    expect(settingAnnouncement(settings('2026-11-29', ''))?.key).not.toBe(first?.key);
    const reworded = settingAnnouncement({
      ...settings('2026-11-30', ''),
      ANNOUNCEMENT_MESSAGE: 'Lain',
    });
    expect(reworded?.key).not.toBe(first?.key);
  });
});

describe("the server's list", () => {
  it('keeps items of the shape of SPEC §3, keyed by id and last change', () => {
    const parsed = parseServerAnnouncements({
      data: [
        {
          id: '7',
          description: 'Halo',
          is_active: true,
          start_at: '2026-11-30T00:00:00.000Z',
          end_at: null,
          updated_at: '2026-11-29T00:00:00.000Z',
        },
        { description: 'Tanpa tanda aktif' },
        { description: 'Tanggal rusak', is_active: true, start_at: 'kemarin' },
        'bukan objek',
      ],
    });
    expect(parsed).toEqual([
      {
        key: 'server:7@2026-11-29T00:00:00.000Z',
        description: 'Halo',
        isActive: true,
        startsAt: Date.parse('2026-11-30T00:00:00.000Z'),
        endsAt: null,
      },
    ]);
    expect(parseServerAnnouncements({ data: { data: [] } })).toEqual([]);
    expect(parseServerAnnouncements(null)).toEqual([]);
  });
});

describe('dismissals', () => {
  it('are remembered by key, so a changed announcement shows again', () => {
    window.localStorage.clear();
    const first = item('server:7@2026-11-29T00:00:00.000Z');
    const changed = item('server:7@2026-11-30T00:00:00.000Z');
    expect(isDismissed(window.localStorage, first)).toBe(false);
    rememberDismissed(window.localStorage, first);
    expect(isDismissed(window.localStorage, first)).toBe(true);
    expect(isDismissed(window.localStorage, changed)).toBe(false);
    for (let i = 0; i < 30; i += 1) rememberDismissed(window.localStorage, item(`k${i}`));
    expect(isDismissed(window.localStorage, item('k29'))).toBe(true);
    expect(isDismissed(window.localStorage, first)).toBe(false);
  });
});
