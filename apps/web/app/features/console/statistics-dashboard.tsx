import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { ChartFigure, DailyFigure } from '~/charts/chart-figure';
import { DateRange, lastDays } from '~/charts/date-range';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { Alert } from '~/components/alert';
import { useConsoleStatistics } from './api/get-console-statistics';
import { ConsoleSectionPage } from './console-section';

/** `/konsol/statistik`: the statistics, for analysts. */
export function StatisticsPage() {
  return (
    <ConsoleSectionPage section="statistics">{() => <StatisticsDashboard />}</ConsoleSectionPage>
  );
}

/**
 * The portal's statistics for staff: the lookup and reset funnels per day, tracking events by
 * name, sign-ins and locks, and the office requests waiting for review, each chart with its table
 * and CSV. The figures come from the daily counts the statistics job keeps (decision 0227).
 */
export function StatisticsDashboard() {
  const { t } = useTranslation('console');
  const localise = useLocaliseMessage();
  const [range, setRange] = useState(() => lastDays(30));
  const figures = useConsoleStatistics(range);
  const data = figures.data;
  return (
    <section aria-labelledby="statistics-title">
      <h1 id="statistics-title" className="text-3xl font-bold">
        {t('statistics.title')}
      </h1>
      <p className="mt-2 text-muted">{t('statistics.intro')}</p>
      <DateRange value={range} onChange={setRange} />
      <p role="status" className="mt-3 text-muted">
        {figures.isFetching ? t('loading') : null}
      </p>
      {figures.error instanceof ApiError ? (
        <Alert variant="field-error">{localise(figures.error)}</Alert>
      ) : null}
      {data ? (
        <>
          <DailyFigure
            id="lookup-funnel"
            level={2}
            kind="bar"
            title={t('statistics.lookupFunnel')}
            data={data.lookupFunnel}
            seriesLabel={(key) => t(`statistics.lookupSteps.${key}`)}
            funnel="lookup"
          />
          <DailyFigure
            id="reset-funnel"
            level={2}
            kind="bar"
            title={t('statistics.resetFunnel')}
            data={data.resetFunnel}
            seriesLabel={(key) => t(`statistics.resetSteps.${key}`)}
            funnel="reset"
          />
          <DailyFigure
            id="events"
            level={2}
            kind="bar"
            stacked
            title={t('statistics.events')}
            data={data.events}
            // Event names are the tracker's own (SPEC §7), shown as they are recorded.
            seriesLabel={(key) => key}
          />
          <DailyFigure
            id="sign-ins"
            level={2}
            kind="line"
            title={t('statistics.signIns')}
            data={data.signIns}
            seriesLabel={(key) => t(`statistics.signInSeries.${key}`)}
          />
          <ChartFigure
            id="review-backlog"
            level={2}
            kind="bar"
            title={t('statistics.backlog')}
            categories={data.reviewBacklog.buckets.map((bucket) => ({
              value: bucket.key,
              label: t(`statistics.buckets.${bucket.key}`),
            }))}
            categoryHeading={t('statistics.waited')}
            series={[
              {
                label: t('statistics.requests'),
                values: data.reviewBacklog.buckets.map((bucket) => bucket.count),
              },
            ]}
            summary={t('statistics.backlogSummary', {
              count: data.reviewBacklog.pending,
              days: data.reviewBacklog.oldestDays ?? 0,
            })}
            fileName="review-backlog.csv"
          />
          <p className="mt-3" data-testid="backlog-summary">
            {t('statistics.backlogSummary', {
              count: data.reviewBacklog.pending,
              days: data.reviewBacklog.oldestDays ?? 0,
            })}
          </p>
        </>
      ) : null}
    </section>
  );
}
