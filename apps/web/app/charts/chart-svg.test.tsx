import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChartSvg, countScale } from './chart-svg';
import { renderWithProviders } from '~/test-support/render-with-providers';

afterEach(cleanup);

describe('the scale of counts', () => {
  it('ends at a round count above the largest, in about four whole steps', () => {
    expect(countScale(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(countScale(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(countScale(37)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] });
    expect(countScale(1234)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
  });
});

/** The drawing's marks, a series each: its bars' outlines in the chart's own units, or its points. */
const marks = () =>
  [...screen.getByRole('img').querySelectorAll('[data-series]')].map(
    (mark) =>
      `${mark.getAttribute('data-series')}: ${mark.getAttribute('d') ?? mark.getAttribute('points')}`,
  );

describe('a chart drawn as SVG', () => {
  const series = [
    { label: 'Dimulai', values: [4, 0] },
    { label: 'Ditemukan', values: [1, 3] },
  ];

  it('is one image named by its summary, with its legend in words', () => {
    renderWithProviders(
      <ChartSvg
        kind="bar"
        stacked={false}
        labels={['1 Mar', '2 Mar']}
        series={series}
        summary="Cek akun: Dimulai 4"
      />,
    );
    expect(screen.getByRole('img', { name: 'Cek akun: Dimulai 4' }).tagName).toBe('svg');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Dimulai',
      'Ditemukan',
    ]);
  });

  it('draws grouped bars side by side, each as high as its count', () => {
    renderWithProviders(
      <ChartSvg
        kind="bar"
        stacked={false}
        labels={['1 Mar', '2 Mar']}
        series={series}
        summary="s"
      />,
    );
    // Day 1 at 0-1, day 2 at 1-2; a bar is 0.4 wide, its top at the scale's top (4) less its count.
    expect(marks()).toEqual([
      'Dimulai: M0.1 0h0.4v4h-0.4zM1.1 4h0.4v0h-0.4z',
      'Ditemukan: M0.5 3h0.4v1h-0.4zM1.5 1h0.4v3h-0.4z',
    ]);
  });

  it('stacks bars on each other when asked, the scale reaching their sum', () => {
    renderWithProviders(
      <ChartSvg kind="bar" stacked labels={['1 Mar', '2 Mar']} series={series} summary="s" />,
    );
    expect(screen.getByRole('img').getAttribute('viewBox')).toBe('0 0 2 6');
    // The scale reaches 6 (the largest day is 4 + 1); the second series sits on the first.
    expect(marks()).toEqual([
      'Dimulai: M0.1 2h0.8v4h-0.8zM1.1 6h0.8v0h-0.8z',
      'Ditemukan: M0.1 1h0.8v1h-0.8zM1.1 3h0.8v3h-0.8z',
    ]);
  });

  it('draws a line through the middle of each day', () => {
    renderWithProviders(
      <ChartSvg
        kind="line"
        stacked={false}
        labels={['1 Mar', '2 Mar']}
        series={series}
        summary="s"
      />,
    );
    expect(marks()).toEqual(['Dimulai: 0.5,0 1.5,4', 'Ditemukan: 0.5,3 1.5,1']);
  });

  it('stands empty while its figures are on their way', () => {
    renderWithProviders(
      <ChartSvg kind="bar" stacked={false} labels={[]} series={[]} summary="Memuat" pending />,
    );
    expect(marks()).toEqual([]);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
