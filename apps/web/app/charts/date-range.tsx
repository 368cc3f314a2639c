import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StatisticsQuerySchema, type StatisticsQuery } from '@portal/contracts/statistics';
import { DateRangeFields } from '~/components/date-range-fields';
import { useLocaliseMessage } from '~/i18n/server-messages';

const DAY_MS = 86_400_000;
const PRESETS = [7, 30, 90] as const;

/** The last `days` Jakarta calendar days, today included. */
export function lastDays(days: number): StatisticsQuery {
  const to = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });
  const from = new Date(Date.parse(to) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * Two native date fields and presets for the last 7, 30 and 90 days. A range the contract
 * refuses (reversed, longer than a year) is told at the field and not sent.
 */
export function DateRange({
  value,
  onChange,
}: {
  value: StatisticsQuery;
  onChange: (range: StatisticsQuery) => void;
}) {
  const { t } = useTranslation('common');
  const localise = useLocaliseMessage();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  const apply = (range: StatisticsQuery) => {
    setDraft(range);
    const checked = StatisticsQuerySchema.safeParse(range);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setError({ field: issue?.path[0] === 'from' ? 'from' : 'to', message: issue?.message ?? '' });
      return;
    }
    setError(null);
    onChange(checked.data);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const errorOf = (field: 'from' | 'to') =>
    error?.field === field ? localise(error.message) : undefined;
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('charts.presets')}>
        {PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className="btn btn-secondary"
            aria-pressed={value.from === lastDays(days).from && value.to === lastDays(days).to}
            onClick={() => apply(lastDays(days))}
          >
            {t('charts.lastDays', { count: days })}
          </button>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-3 sm:items-end">
        <DateRangeFields
          value={draft}
          onChange={setDraft}
          labels={{ from: t('charts.from'), to: t('charts.to') }}
          errors={{ from: errorOf('from'), to: errorOf('to') }}
          announceError
        />
        <button type="submit" className="btn btn-primary">
          {t('charts.apply')}
        </button>
      </div>
    </form>
  );
}
