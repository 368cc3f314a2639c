import { useTranslation } from 'react-i18next';

export type ChartSpec = {
  kind: 'bar' | 'line';
  stacked: boolean;
  labels: string[];
  series: { label: string; values: number[] }[];
};

type ChartSvgProps = ChartSpec & {
  /** What the chart shows, in words: the drawing's accessible name. */
  summary: string;
  /** The figures are on their way: the chart's box stands empty until they are here. */
  pending?: boolean;
};

// Each at least 3:1 against white (WCAG 1.4.11); lines also differ by their dashes.
const COLOURS = ['#0b5cad', '#c2410c', '#1e6b3a', '#7e22ce', '#b3261e', '#0e7490', '#854d0e'];
const DASHES = [undefined, '6 3', '2 3', '8 3 2 3', '12 4', '1 5', '4 2 1 2'];

/** The top of the scale and its steps: round counts, about four of them, whole numbers only. */
export function countScale(largest: number): { top: number; ticks: number[] } {
  if (!(largest > 0)) return { top: 1, ticks: [0, 1] };
  const rough = largest / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    1,
    ([1, 2, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude,
  );
  const top = Math.ceil(largest / step) * step;
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, i) => i * step) };
}

/** Four decimals are finer than any screen's pixel, and keep the document short. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** The categories whose labels the axis shows: both ends and, where there is room, three between. */
function labelledIndices(count: number, wanted: number): number[] {
  if (count <= wanted) return Array.from({ length: count }, (_, i) => i);
  return Array.from({ length: wanted }, (_, i) => Math.round((i * (count - 1)) / (wanted - 1)));
}

/**
 * A bar or line chart drawn by React as SVG from its figures: no charting library starts on the
 * main thread, and the chart is in the document as soon as its figures are. The drawing stretches
 * to its box (the scale's units are the chart's own: a category is 1 wide, a count 1 high); the
 * axes' labels and the legend are HTML beside it, so their text keeps its size at any width. The
 * drawing is one image to assistive technology, named by its summary; the figures are in the
 * table beside it (ChartFigure). Hovering a day shows its figures (a native tooltip).
 */
export function ChartSvg({
  kind,
  stacked,
  labels,
  series,
  summary,
  pending = false,
}: ChartSvgProps) {
  const { i18n } = useTranslation('common');
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID');
  const shown = pending ? [] : series;
  const count = pending ? 0 : labels.length;
  const valueAt = (values: number[], i: number) => Math.max(0, values[i] ?? 0);
  const largest = Math.max(
    0,
    ...labels.map((_, i) =>
      stacked
        ? shown.reduce((total, s) => total + valueAt(s.values, i), 0)
        : Math.max(0, ...shown.map((s) => valueAt(s.values, i))),
    ),
  );
  const { top, ticks } = countScale(largest);
  const width = Math.max(count, 1);
  // A bar group fills 80 % of its category; grouped bars share it, stacked ones take all of it.
  const inset = 0.1;
  const groupWidth = 1 - 2 * inset;
  const barWidth = round(stacked || shown.length === 0 ? groupWidth : groupWidth / shown.length);
  const wideLabels = labelledIndices(count, 5);
  const narrowLabels = new Set(labelledIndices(count, 3));
  return (
    <div className="flex h-72 w-full flex-col text-xs text-muted">
      <div className="flex min-h-0 flex-1 pt-2">
        <div aria-hidden="true" className="relative w-12 shrink-0">
          {ticks.map((tick) => (
            <span
              key={tick}
              className="absolute right-2 translate-y-1/2 tabular-nums"
              style={{ bottom: `${(tick / top) * 100}%` }}
            >
              {number.format(tick)}
            </span>
          ))}
        </div>
        <div className="relative min-w-0 flex-1">
          <svg
            role="img"
            aria-label={summary}
            className="absolute inset-0 h-full w-full overflow-visible"
            viewBox={`0 0 ${width} ${top}`}
            preserveAspectRatio="none"
            data-testid="chart-drawing"
          >
            {ticks.map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={width}
                y1={top - tick}
                y2={top - tick}
                stroke={tick === 0 ? '#475166' : '#dfe5ee'}
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {kind === 'bar'
              ? shown.map((s, k) => (
                  // One path per series, a rectangle per category: a year of days and a dozen
                  // series stay a dozen elements in the document.
                  <path
                    key={s.label}
                    data-series={s.label}
                    d={labels
                      .slice(0, count)
                      .map((_, i) => {
                        const value = valueAt(s.values, i);
                        const below = stacked
                          ? shown
                              .slice(0, k)
                              .reduce((sum, other) => sum + valueAt(other.values, i), 0)
                          : 0;
                        const x = round(stacked ? i + inset : i + inset + k * barWidth);
                        return `M${x} ${top - below - value}h${barWidth}v${value}h-${barWidth}z`;
                      })
                      .join('')}
                    fill={COLOURS[k % COLOURS.length]}
                  />
                ))
              : shown.map((s, k) => (
                  <polyline
                    key={s.label}
                    data-series={s.label}
                    points={labels
                      .slice(0, count)
                      .map((_, i) => `${i + 0.5},${top - valueAt(s.values, i)}`)
                      .join(' ')}
                    fill="none"
                    stroke={COLOURS[k % COLOURS.length]}
                    strokeWidth={2}
                    strokeDasharray={DASHES[k % DASHES.length]}
                    strokeLinejoin="round"
                    vectorEffect="non-scaling-stroke"
                  />
                ))}
            {labels.slice(0, count).map((label, i) => (
              // A transparent column per category carries its figures as a tooltip.
              <rect key={`tip-${i}`} x={i} y={0} width={1} height={top} fill="transparent">
                <title>
                  {`${label}: ${shown.map((s) => `${s.label} ${number.format(valueAt(s.values, i))}`).join(', ')}`}
                </title>
              </rect>
            ))}
          </svg>
        </div>
      </div>
      <div aria-hidden="true" className="relative ml-12 h-6">
        {wideLabels.map((i, at) => {
          // The ends align with the drawing's edges, so no label overhangs a narrow screen.
          const edge =
            at === 0 ? 'left-0' : at === wideLabels.length - 1 ? 'right-0' : '-translate-x-1/2';
          return (
            <span
              key={i}
              className={`absolute top-1 whitespace-nowrap ${edge} ${narrowLabels.has(i) ? '' : 'hidden sm:inline'}`}
              style={
                at === 0 || at === wideLabels.length - 1
                  ? undefined
                  : { left: `${((i + 0.5) / count) * 100}%` }
              }
            >
              {labels[i]}
            </span>
          );
        })}
      </div>
      <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-ink">
        {shown.map((s, k) => (
          <li key={s.label} className="inline-flex items-center gap-1.5">
            <svg aria-hidden="true" width="20" height="10" viewBox="0 0 20 10" className="shrink-0">
              {kind === 'bar' ? (
                <rect x={4} y={0} width={12} height={10} fill={COLOURS[k % COLOURS.length]} />
              ) : (
                <line
                  x1={0}
                  x2={20}
                  y1={5}
                  y2={5}
                  stroke={COLOURS[k % COLOURS.length]}
                  strokeWidth={2}
                  strokeDasharray={DASHES[k % DASHES.length]}
                />
              )}
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
