import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DailyFigure } from './chart-figure';
import { toCsv } from './csv';
import { renderWithProviders } from '~/test-support/render-with-providers';

// jsdom draws nothing: the chart itself is checked in a real browser (statistics.e2e.ts).
vi.mock('./chart-canvas', () => ({
  ChartCanvas: ({ summary }: { summary: string }) => <canvas role="img" aria-label={summary} />,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CSV', () => {
  it('separates by commas, ends lines with CRLF and quotes only where needed', () => {
    expect(
      toCsv([
        ['Tanggal', 'Dimulai'],
        ['2026-03-01', 4],
        ['a "b", c', 'x\ny'],
      ]),
    ).toBe('Tanggal,Dimulai\r\n2026-03-01,4\r\n"a ""b"", c","x\ny"\r\n');
  });
});

describe('a daily chart', () => {
  const funnel = {
    days: ['2026-03-01', '2026-03-02'],
    series: [
      { key: 'initiated', counts: [4, 0] },
      { key: 'found', counts: [1, 0] },
    ],
  };

  it('has its figures as a table, with each day’s conversion, and says them to screen readers', () => {
    renderWithProviders(
      <DailyFigure
        id="lookup-funnel"
        level={2}
        kind="bar"
        title="Cek akun per hari"
        data={funnel}
        seriesLabel={(key) => ({ initiated: 'Dimulai', found: 'Ditemukan' })[key] ?? key}
        funnel
      />,
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Cek akun per hari. Jumlah dalam rentang: Dimulai 4, Ditemukan 1. Konversi: 25%.',
    );
    const table = screen.getByRole('table', { hidden: true, name: 'Cek akun per hari' });
    const rows = within(table)
      .getAllByRole('row', { hidden: true })
      .map((row) => row.textContent);
    expect(rows).toEqual(['TanggalDimulaiDitemukanKonversi', '1 Mar 20264125%', '2 Mar 202600–']);
  });

  it('downloads the same figures as a UTF-8 CSV with a byte order mark', async () => {
    const files: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        files.push(blob);
        return 'blob:x';
      },
      revokeObjectURL: () => undefined,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(
      <DailyFigure
        id="lookup-funnel"
        level={2}
        kind="bar"
        title="Cek akun per hari"
        data={funnel}
        seriesLabel={(key) => key}
        funnel
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unduh CSV: Cek akun per hari' }));
    const bytes = new Uint8Array(await files[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      'Tanggal,initiated,found,Konversi\r\n2026-03-01,4,1,25%\r\n2026-03-02,0,0,–\r\n',
    );
  });
});
