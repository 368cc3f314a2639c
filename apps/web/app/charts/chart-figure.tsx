import { useTranslation } from 'react-i18next';
import { FUNNEL_CONVERSION, type DailySeries, type Funnel } from '@portal/contracts/statistics';
import { ChartSvg } from './chart-svg';
import { downloadCsv } from './csv';

type ChartFigureProps = {
  id: string;
  title: string;
  /** The heading's level where the figure sits in the page's outline. */
  level: 2 | 3;
  kind: 'bar' | 'line';
  stacked?: boolean;
  /** The rows: a value for the CSV (an ISO day) and its label on the page. */
  categories: { value: string; label: string }[];
  categoryHeading: string;
  series: { label: string; values: number[] }[];
  /** Columns only the table and the CSV carry, such as a conversion. */
  extraColumns?: { label: string; values: string[] }[];
  /** The chart in words, for those who cannot see it. */
  summary: string;
  fileName: string;
  /**
   * The figures are on their way: the figure stands with its heading and its chart's box, so
   * that nothing moves when they arrive; the download waits for them.
   */
  pending?: boolean;
};

/**
 * A chart with its figures: the drawing, the same figures as a table (WCAG 1.1.1: the text
 * alternative of a chart), and a CSV download of them.
 */
export function ChartFigure({
  id,
  title,
  level,
  kind,
  stacked = false,
  categories,
  categoryHeading,
  series,
  extraColumns = [],
  summary,
  fileName,
  pending = false,
}: ChartFigureProps) {
  const { t, i18n } = useTranslation('common');
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID');
  const Heading = level === 2 ? 'h2' : 'h3';
  const header = [
    categoryHeading,
    ...series.map((s) => s.label),
    ...extraColumns.map((c) => c.label),
  ];
  const csvRows = categories.map((category, i) => [
    category.value,
    ...series.map((s) => s.values[i] ?? 0),
    ...extraColumns.map((c) => c.values[i] ?? ''),
  ]);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10">
      <Heading id={`${id}-title`} className="text-xl font-bold">
        {title}
      </Heading>
      <div className="mt-3">
        <ChartSvg
          kind={kind}
          stacked={stacked}
          labels={categories.map((c) => c.label)}
          series={series}
          summary={summary}
          pending={pending}
        />
      </div>
      <details className="mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand">
          {t('charts.showTable')}
        </summary>
        {/* Scrolls inside itself on a narrow screen; focusable so the keyboard can scroll it. */}
        <div
          className="mt-2 overflow-x-auto"
          role="region"
          aria-labelledby={`${id}-caption`}
          tabIndex={0}
        >
          <table className="w-full border-collapse text-left text-sm" data-testid={`${id}-table`}>
            <caption id={`${id}-caption`} className="py-1 text-left font-semibold">
              {title}
            </caption>
            <thead>
              <tr className="border-b-2 border-line">
                {header.map((heading) => (
                  <th key={heading} scope="col" className="p-2 whitespace-nowrap">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {categories.map((category, i) => (
                <tr key={category.value} className="border-b border-line">
                  <th scope="row" className="p-2 font-normal whitespace-nowrap">
                    <time dateTime={category.value}>{category.label}</time>
                  </th>
                  {series.map((s) => (
                    <td key={s.label} className="p-2 tabular-nums">
                      {number.format(s.values[i] ?? 0)}
                    </td>
                  ))}
                  {extraColumns.map((c) => (
                    <td key={c.label} className="p-2 tabular-nums">
                      {c.values[i]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <button
        type="button"
        className="btn btn-secondary mt-3"
        // Which chart's figures: several such buttons share one page.
        aria-label={`${t('charts.downloadCsv')}: ${title}`}
        disabled={pending}
        onClick={() => downloadCsv(fileName, [header, ...csvRows])}
      >
        {t('charts.downloadCsv')}
      </button>
    </section>
  );
}

type DailyFigureProps = Pick<ChartFigureProps, 'id' | 'title' | 'level' | 'kind' | 'stacked'> & {
  /** Absent while the figures are on their way: the figure's frame stands meanwhile. */
  data: DailySeries | undefined;
  /** The words for each series' key. */
  seriesLabel: (key: string) => string;
  /** A funnel: the table adds each day's conversion, its goal step over its first. */
  funnel?: Funnel;
};

/** A chart of counts per day (a funnel, events, sign-ins), with its table and CSV. */
const NO_FIGURES: DailySeries = { days: [], series: [] };

export function DailyFigure({
  data = NO_FIGURES,
  seriesLabel,
  funnel,
  ...figure
}: DailyFigureProps) {
  const pending = data === NO_FIGURES;
  const { t, i18n } = useTranslation('common');
  const locale = i18n.language === 'en' ? 'en-GB' : 'id-ID';
  const dayLabel = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const series = data.series.map((s) => ({ label: seriesLabel(s.key), values: s.counts }));
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const totals = series.map((s) => sum(s.values));
  const conversion = (first: number, last: number) =>
    first > 0 ? percent.format(last / first) : '–';
  const countsOf = (key: string | undefined) =>
    data.series.find((s) => s.key === key)?.counts ?? [];
  const first = countsOf(funnel && FUNNEL_CONVERSION[funnel].from);
  const last = countsOf(funnel && FUNNEL_CONVERSION[funnel].to);
  const totalsText = series.map((s, i) => `${s.label} ${totals[i]}`).join(', ');
  const summary = funnel
    ? t('charts.funnelSummary', {
        title: figure.title,
        totals: totalsText,
        conversion: conversion(sum(first), sum(last)),
      })
    : t('charts.summary', { title: figure.title, totals: totalsText || t('charts.none') });
  return (
    <ChartFigure
      {...figure}
      categories={data.days.map((day) => ({ value: day, label: dayLabel.format(Date.parse(day)) }))}
      categoryHeading={t('charts.day')}
      series={series}
      extraColumns={
        funnel
          ? [
              {
                label: t('charts.conversion'),
                values: first.map((count, i) => conversion(count, last[i] ?? 0)),
              },
            ]
          : []
      }
      summary={pending ? t('charts.loading') : summary}
      pending={pending}
      fileName={`${figure.id}-${data.days[0] ?? ''}-${data.days.at(-1) ?? ''}.csv`}
    />
  );
}
