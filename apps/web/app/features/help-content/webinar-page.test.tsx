import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDialogs } from '~/components/dialog-store';
import { webConfig } from '~/config';
import { renderPage } from './help-content-test-utils';
import { WebinarPage } from './webinar-page';
import { formatLongDate } from './format-date';
import { WEBINAR_SESSIONS } from './webinar-sessions';

// What an operator sets as VITE_WEBINAR_SHEET_URL: the published recordings.
const SHEET = 'https://docs.google.com/spreadsheets/d/e/recordings/pubhtml';
const config = webConfig as { webinarRecordingsUrl: string | null };
const publishRecordings = () => {
  config.webinarRecordingsUrl = SHEET;
};

afterEach(() => {
  cleanup();
  config.webinarRecordingsUrl = null;
});

function OpenDialogs() {
  const { stack } = useDialogs();
  return <output data-testid="dialogs">{JSON.stringify(stack)}</output>;
}

describe('WebinarPage', () => {
  it('lists the August 2021 sessions with date, length and audience', async () => {
    const { container } = await renderPage(<WebinarPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Rekaman Webinar Akun belajar.id',
    );
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(WEBINAR_SESSIONS.length);
    for (const session of WEBINAR_SESSIONS) expect(session.date.startsWith('2021-08-')).toBe(true);
    expect(container.querySelector('time[datetime="2021-08-03"]')?.textContent).toMatch(
      /^Selasa,? 3 Agustus 2021$/,
    );
    expect(container.querySelector('time[datetime="PT120M"]')?.textContent).toBe('120 menit');
    expect(container.textContent).not.toContain('{{');
  });

  it('says the recordings are not available while none are published, and offers none', async () => {
    expect(webConfig.webinarRecordingsUrl).toBeNull();
    const { container } = await renderPage(<WebinarPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Rekaman Belum Tersedia' })).toBeTruthy();
    expect(container.textContent).toContain('Rekaman dan materi webinar belum diterbitkan');
    expect(screen.queryByRole('link', { name: /Tonton rekaman/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Buka Daftar Rekaman' })).toBeNull();
    expect(container.textContent).not.toMatch(/dapat ditonton kembali|buka rekamannya/);
  });

  it('opens the recordings sheet in the iframe modal, keeping a real link for new tabs', async () => {
    publishRecordings();
    await renderPage(
      <>
        <WebinarPage />
        <OpenDialogs />
      </>,
    );
    const open = screen.getByRole('link', { name: 'Buka Daftar Rekaman' });
    expect(open.getAttribute('href')).toBe(SHEET);
    fireEvent.click(open, { ctrlKey: true });
    expect(screen.getByTestId('dialogs').textContent).toBe('[]');
    fireEvent.click(open);
    expect(JSON.parse(screen.getByTestId('dialogs').textContent ?? '[]')).toEqual([
      {
        kind: 'iframe',
        title: 'Daftar rekaman webinar Akun belajar.id',
        src: SHEET,
      },
    ]);
  });

  it('names each watch link after its session', async () => {
    publishRecordings();
    await renderPage(<WebinarPage />);
    expect(
      screen.getByRole('link', {
        name: 'Tonton rekaman sesi Pengajuan Akun untuk Dinas Pendidikan',
      }),
    ).toBeTruthy();
  });

  it('formats dates in English too', async () => {
    expect(formatLongDate('2021-08-31', 'en', { weekday: true })).toMatch(
      /^Tuesday,? 31 August 2021$/,
    );
    await renderPage(<WebinarPage />, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'belajar.id Account Webinar Recordings',
    );
    expect(screen.getAllByText('60 minutes')).toHaveLength(2);
  });
});
