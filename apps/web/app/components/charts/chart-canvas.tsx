import { useEffect, useRef } from 'react';
import type { ChartSpec } from './chart-setup';

type ChartCanvasProps = ChartSpec & {
  /** What the chart shows, in words: the canvas's accessible name. */
  summary: string;
  /** The figures are on their way: the chart's box stands empty until they are here. */
  pending?: boolean;
};

/**
 * A Chart.js chart on a canvas. Chart.js is fetched when the first chart mounts, so no page
 * without a chart carries it. The canvas is an image to assistive technology; the figures are in
 * the table beside it (ChartFigure).
 */
export function ChartCanvas({ summary, pending = false, ...spec }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The chart is drawn again only when what it shows changes, not on every render.
  const drawn = JSON.stringify(spec);
  useEffect(() => {
    if (pending) return;
    let cancelled = false;
    let destroy = () => undefined as void;
    void import('./chart-setup').then(({ createChart }) => {
      if (cancelled || !canvas.current) return;
      const chart = createChart(canvas.current, JSON.parse(drawn) as ChartSpec);
      destroy = () => chart.destroy();
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [drawn, pending]);
  return (
    <div className="relative h-72 w-full">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
