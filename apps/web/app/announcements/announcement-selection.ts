import type { TextSettingKey } from '@portal/contracts/feature-toggles';

/**
 * One announcement the bar may show, whatever its source: the server's list (SPEC §7), the
 * remote configuration's message, or the built-in ones. `key` changes whenever the text or
 * schedule does, so a dismissed announcement shows again once it has changed.
 */
export type Announcement = {
  key: string;
  /** Markdown or HTML; rendered by renderAnnouncement only. */
  description: string;
  isActive: boolean;
  /** Instants in ms; null: open-ended. */
  startsAt: number | null;
  endsAt: number | null;
};

/**
 * Announcements of the portal's first years (SPEC §9: dated 2022-2023, all inactive). Kept as
 * the last source of the bar, so switching one on again needs no server.
 */
export const BUILT_IN_ANNOUNCEMENTS: readonly Announcement[] = [
  {
    description:
      'Pusat Bantuan melayani pertanyaan seputar akun pada **Senin-Jumat pukul 09.00-17.00 WIB**, kecuali hari libur nasional.',
    startsAt: Date.parse('2022-01-03T00:00:00+07:00'),
    endsAt: Date.parse('2022-12-31T00:00:00+07:00'),
  },
  {
    description:
      'Pemeliharaan sistem pada **Sabtu, 14 Januari 2023 pukul 21.00-24.00 WIB**. Selama itu pencarian akun dan reset kata sandi tidak dapat digunakan.',
    startsAt: Date.parse('2023-01-11T00:00:00+07:00'),
    endsAt: Date.parse('2023-01-15T00:00:00+07:00'),
  },
  {
    description:
      'Mulai Tahun Ajaran 2023/2024, akun Peserta Didik diajukan oleh Kepala Sekolah atau Operator Sekolah melalui menu **Untuk Admin Sekolah**.',
    startsAt: Date.parse('2023-07-10T00:00:00+07:00'),
    endsAt: Date.parse('2023-08-31T00:00:00+07:00'),
  },
].map((item) => ({ ...item, key: textKey(item), isActive: false }));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const instant = (value: unknown): number | null | undefined => {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
};

/**
 * The items of the server's list (`data` of GET cms-client/announcement) that have the shape
 * of SPEC §3; others are skipped. Written by hand: zod would weigh on the bar's chunk.
 */
export function parseServerAnnouncements(body: unknown): Announcement[] {
  if (!isRecord(body) || !Array.isArray(body.data)) return [];
  return body.data.flatMap((item: unknown) => {
    if (!isRecord(item) || typeof item.description !== 'string') return [];
    if (typeof item.is_active !== 'boolean') return [];
    const startsAt = instant(item.start_at);
    const endsAt = instant(item.end_at);
    if (startsAt === undefined || endsAt === undefined) return [];
    const version = `${String(item.id)}@${String(item.updated_at)}`;
    return [
      {
        key: `server:${version}`,
        description: item.description,
        isActive: item.is_active,
        startsAt,
        endsAt,
      },
    ];
  });
}

const JAKARTA = '+07:00';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A remote-config date as an instant: a day is read in Jakarta time (the start of that day, or
 * for an end the start of the next: the whole day counts), a date-time without an offset too.
 * Empty: open-ended (null); anything unreadable: undefined.
 */
export function settingInstant(value: string, end: boolean): number | null | undefined {
  const text = value.trim();
  if (text === '') return null;
  let ms: number;
  if (DATE_ONLY.test(text)) {
    ms = Date.parse(`${text}T00:00:00${JAKARTA}`);
    if (end) ms += 86_400_000;
  } else {
    ms = Date.parse(HAS_OFFSET.test(text) ? text : `${text}${JAKARTA}`);
  }
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * The remote configuration's ANNOUNCEMENT_MESSAGE with its dates as an announcement, active
 * when the message is not empty; null when empty or when a date cannot be read (better no bar
 * than one shown outside the dates staff meant).
 */
export function settingAnnouncement(
  settings: Partial<Record<TextSettingKey, string>>,
): Announcement | null {
  const description = settings.ANNOUNCEMENT_MESSAGE?.trim() ?? '';
  if (description === '') return null;
  const startsAt = settingInstant(settings.ANNOUNCEMENT_START_DATE ?? '', false);
  const endsAt = settingInstant(settings.ANNOUNCEMENT_END_DATE ?? '', true);
  if (startsAt === undefined || endsAt === undefined) return null;
  const item = { description, startsAt, endsAt };
  return { ...item, key: textKey(item), isActive: true };
}

/** Active, and `now` inside its window (the start counts, the end does not). */
export const isShowing = (item: Announcement, now: number): boolean =>
  item.isActive &&
  (item.startsAt === null || item.startsAt <= now) &&
  (item.endsAt === null || now < item.endsAt);

/**
 * The announcement the bar shows (SPEC §4 with the remote configuration's message between):
 * the first showing one of the server's list, else the remote-config message, else the first
 * showing built-in one; null when none is.
 */
export function chooseAnnouncement(
  sources: {
    server: readonly Announcement[];
    setting: Announcement | null;
    builtIn?: readonly Announcement[];
  },
  now: number,
): Announcement | null {
  const candidates = [
    ...sources.server,
    ...(sources.setting ? [sources.setting] : []),
    ...(sources.builtIn ?? BUILT_IN_ANNOUNCEMENTS),
  ];
  return candidates.find((item) => isShowing(item, now)) ?? null;
}

/** A short fingerprint (FNV-1a) of an announcement without an id: its text and its dates. */
function textKey(item: Pick<Announcement, 'description' | 'startsAt' | 'endsAt'>): string {
  const text = `${item.description}\u0000${item.startsAt ?? ''}\u0000${item.endsAt ?? ''}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `text:${(hash >>> 0).toString(36)}:${text.length}`;
}

export const DISMISSED_STORAGE_KEY = 'portal.announcementsDismissed';
// Enough for every announcement a visitor meets in a while; the oldest are forgotten first.
const DISMISSED_KEPT = 20;

const readDismissed = (storage: Storage): string[] => {
  try {
    const value: unknown = JSON.parse(storage.getItem(DISMISSED_STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((key) => typeof key === 'string') : [];
  } catch {
    return [];
  }
};

export const isDismissed = (storage: Storage, item: Announcement): boolean =>
  readDismissed(storage).includes(item.key);

export function rememberDismissed(storage: Storage, item: Announcement): void {
  const kept = readDismissed(storage).filter((key) => key !== item.key);
  storage.setItem(
    DISMISSED_STORAGE_KEY,
    JSON.stringify([...kept, item.key].slice(-DISMISSED_KEPT)),
  );
}
