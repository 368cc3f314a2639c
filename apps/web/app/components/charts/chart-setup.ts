import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

// Loaded on demand by ChartCanvas: only what these charts draw is registered (and bundled).
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);
// The theme's text colour for legends and axes (AA on white).
Chart.defaults.color = '#475166';
Chart.defaults.font.family =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif";

// Each at least 3:1 against white (WCAG 1.4.11); lines also differ by their point's shape.
const COLOURS = ['#0b5cad', '#c2410c', '#1e6b3a', '#7e22ce', '#b3261e', '#0e7490', '#854d0e'];
const POINTS = [
  'circle',
  'rect',
  'triangle',
  'rectRot',
  'star',
  'crossRot',
  'rectRounded',
] as const;

export type ChartSpec = {
  kind: 'bar' | 'line';
  stacked: boolean;
  labels: string[];
  series: { label: string; values: number[] }[];
};

export function createChart(canvas: HTMLCanvasElement, spec: ChartSpec): Chart {
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return new Chart(canvas, {
    type: spec.kind,
    data: {
      labels: spec.labels,
      datasets: spec.series.map((series, i) => ({
        label: series.label,
        data: series.values,
        backgroundColor: COLOURS[i % COLOURS.length],
        borderColor: COLOURS[i % COLOURS.length],
        pointStyle: POINTS[i % POINTS.length],
        pointRadius: 3,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion ? false : undefined,
      interaction: { mode: 'index', intersect: false },
      plugins: { legend: { position: 'bottom', labels: { usePointStyle: true } } },
      scales: {
        x: { stacked: spec.stacked },
        y: { stacked: spec.stacked, beginAtZero: true, ticks: { precision: 0 } },
      },
    },
  });
}
