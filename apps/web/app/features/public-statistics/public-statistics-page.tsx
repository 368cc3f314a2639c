import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatisticsQuery } from '@portal/contracts/statistics';
import { ApiError } from '~/api/api-client';
import { QueryProvider } from '~/api/query-provider';
import { DailyFigure } from '~/components/charts/chart-figure';
import { DateRange, lastDays } from '~/components/charts/date-range';
import { PageTitle } from '~/components/page-title';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { Alert } from '~/components/alert';
import { usePublicStatistics } from './api/get-public-statistics';

/**
 * `/statistik` (issue 22): how the service performs, for anyone. The daily lookup and reset
 * funnels, counts only (decision 0227), with their tables and CSV downloads.
 */
export function PublicStatisticsPage() {
  const { t } = useTranslation('public-statistics');
  return (
    <div className="page-container py-8 sm:py-12">
      <PageTitle title={t('title')} />
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t('heading')}</h1>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed">{t('intro')}</p>
      <QueryProvider>
        <Funnels />
      </QueryProvider>
    </div>
  );
}

function Funnels() {
  const { t } = useTranslation('public-statistics');
  const localise = useLocaliseMessage();
  // Today is the visitor's, not the day the page was prerendered: chosen after hydration.
  const [range, setRange] = useState<StatisticsQuery | null>(null);
  useEffect(() => setRange(lastDays(30)), []);
  const figures = usePublicStatistics(range);
  if (!range) return null;
  return (
    <>
      <DateRange value={range} onChange={setRange} />
      <p role="status" className="mt-3 text-muted">
        {figures.isFetching ? t('loading') : null}
      </p>
      {figures.error instanceof ApiError ? (
        <Alert variant="field-error">{localise(figures.error)}</Alert>
      ) : null}
      {figures.data ? (
        <>
          <DailyFigure
            id="lookup-funnel"
            level={2}
            kind="bar"
            title={t('lookupFunnel')}
            data={figures.data.lookupFunnel}
            seriesLabel={(key) => t(`lookupSteps.${key}`)}
            funnel="lookup"
          />
          <DailyFigure
            id="reset-funnel"
            level={2}
            kind="bar"
            title={t('resetFunnel')}
            data={figures.data.resetFunnel}
            seriesLabel={(key) => t(`resetSteps.${key}`)}
            funnel="reset"
          />
        </>
      ) : null}
    </>
  );
}
