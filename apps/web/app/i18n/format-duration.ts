import type { TFunction } from 'i18next';

/**
 * A wait as a person says it: seconds under a minute, else whole minutes (rounded up, so the
 * visitor never comes back too early), else hours and minutes.
 */
export function formatDuration(seconds: number, t: TFunction): string {
  if (seconds < 60) return t('duration.seconds', { ns: 'common', count: Math.ceil(seconds) });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return t('duration.minutes', { ns: 'common', count: minutes });
  const hours = t('duration.hours', { ns: 'common', count: Math.floor(minutes / 60) });
  if (minutes % 60 === 0) return hours;
  const rest = t('duration.minutes', { ns: 'common', count: minutes % 60 });
  return t('duration.hoursMinutes', { ns: 'common', hours, minutes: rest });
}
