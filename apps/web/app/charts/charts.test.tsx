import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DailyFigure } from './chart-figure';
import { toCsv } from './csv';
import { renderWithProviders } from '~/test-support/render-with-providers';

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
      { key: 'detailsSent', counts: [1, 0] },
      { key: 'emailChanged', counts: [0, 0] },
    ],
  };
  const lookupLabel = (key: string) =>
    ({ initiated: 'Dimulai', found: 'Ditemukan', detailsSent: 'Terkirim', emailChanged: 'Diubah' })[
      key
    ] ?? key;
  /** The table's rows as text, and what the chart says to screen readers. */
  const shown = (title: string) => ({
    summary: screen.getByRole('img').getAttribute('aria-label'),
    rows: within(screen.getByRole('table', { hidden: true, name: title }))
      .getAllByRole('row', { hidden: true })
      .map((row) => row.textContent),
  });

  it('has its figures as a table, with each day’s conversion, and says them to screen readers', () => {
    renderWithProviders(
      <DailyFigure
        id="lookup-funnel"
        level={2}
        kind="bar"
        title="Cek akun per hari"
        data={funnel}
        seriesLabel={lookupLabel}
        funnel="lookup"
      />,
    );
    expect(shown('Cek akun per hari')).toEqual({
      summary:
        'Cek akun per hari. Jumlah dalam rentang: Dimulai 4, Ditemukan 1, Terkirim 1, Diubah 0. Konversi: 25%.',
      rows: [
        'TanggalDimulaiDitemukanTerkirimDiubahKonversi',
        '1 Mar 2026411025%',
        '2 Mar 20260000–',
      ],
    });
  });

  it('converts a lookup when the details are sent: changing the e-mail after is optional', () => {
    renderWithProviders(
      <DailyFigure
        id="lookup-funnel"
        level={2}
        kind="bar"
        title="Cek akun per hari"
        data={{
          days: ['2026-03-01', '2026-03-02'],
          series: [
            { key: 'initiated', counts: [3, 4] },
            { key: 'found', counts: [3, 2] },
            { key: 'detailsSent', counts: [3, 1] },
            { key: 'emailChanged', counts: [0, 1] },
          ],
        }}
        seriesLabel={lookupLabel}
        funnel="lookup"
      />,
    );
    const { summary, rows } = shown('Cek akun per hari');
    expect(summary).toMatch(/Konversi: 57,1%\.$/);
    expect(rows.slice(1)).toEqual(['1 Mar 20263330100%', '2 Mar 2026421125%']);
  });

  it('converts a reset when the new password is set', () => {
    renderWithProviders(
      <DailyFigure
        id="reset-funnel"
        level={2}
        kind="bar"
        title="Reset per hari"
        data={{
          days: ['2026-03-01'],
          series: [
            { key: 'initiated', counts: [8] },
            { key: 'codeSent', counts: [6] },
            { key: 'codeRight', counts: [4] },
            { key: 'passwordSet', counts: [2] },
          ],
        }}
        seriesLabel={(key) => key}
        funnel="reset"
      />,
    );
    const { summary, rows } = shown('Reset per hari');
    expect(summary).toMatch(/Konversi: 25%\.$/);
    expect(rows.slice(1)).toEqual(['1 Mar 2026864225%']);
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
        funnel="lookup"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unduh CSV: Cek akun per hari' }));
    const bytes = new Uint8Array(await files[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      'Tanggal,initiated,found,detailsSent,emailChanged,Konversi\r\n2026-03-01,4,1,1,0,25%\r\n2026-03-02,0,0,0,0,–\r\n',
    );
  });
});
