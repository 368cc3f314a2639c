import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatisticsQuery } from '@portal/contracts/statistics';
import { ApiError } from '~/api/api-client';
import { QueryProvider } from '~/api/query-provider';
import { DailyFigure } from '~/charts/chart-figure';
import { DateRange, lastDays } from '~/charts/date-range';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { Alert } from '~/components/alert';
import { usePublicStatistics } from './api/get-public-statistics';

/** No day yet: the range's fields stand empty until the visitor's today is known. */
const NO_RANGE: StatisticsQuery = { from: '', to: '' };

/** The funnels with the query client their call uses: what the page loads after its first script. */
export function FunnelsWithQueries() {
  return (
    <QueryProvider>
      <Funnels />
    </QueryProvider>
  );
}

/**
 * The date range and the two funnels. Their frame is prerendered, so that nothing moves when the
 * day, then the figures, arrive: empty fields, the charts' boxes, a status line.
 */
function Funnels() {
  const { t } = useTranslation('public-statistics');
  const localise = useLocaliseMessage();
  // Today is the visitor's, not the day the page was prerendered: chosen after hydration.
  const [range, setRange] = useState<StatisticsQuery | null>(null);
  useEffect(() => setRange(lastDays(30)), []);
  const figures = usePublicStatistics(range);
  // The charts and their tables render in the background when the figures arrive: the page
  // stays responsive meanwhile (the budget's blocking time).
  const data = useDeferredValue(figures.data);
  const loading = range === null || figures.isFetching || data !== figures.data;
  return (
    <>
      {/* The fields take the range's days when they are known (a new key: a fresh draft). */}
      <DateRange key={range ? 'range' : 'frame'} value={range ?? NO_RANGE} onChange={setRange} />
      <p role="status" className="mt-3 min-h-6 text-muted">
        {loading ? t('loading') : null}
      </p>
      {figures.error instanceof ApiError ? (
        <Alert variant="field-error">{localise(figures.error)}</Alert>
      ) : null}
      <DailyFigure
        id="lookup-funnel"
        level={2}
        kind="bar"
        title={t('lookupFunnel')}
        data={data?.lookupFunnel}
        seriesLabel={(key) => t(`lookupSteps.${key}`)}
        funnel="lookup"
      />
      <DailyFigure
        id="reset-funnel"
        level={2}
        kind="bar"
        title={t('resetFunnel')}
        data={data?.resetFunnel}
        seriesLabel={(key) => t(`resetSteps.${key}`)}
        funnel="reset"
      />
    </>
  );
}
