import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDialogs } from '~/components/dialog-store';
import { webConfig } from '~/config';
import { renderPage } from './help-content-test-utils';
import { WebinarPage } from './webinar-page';
import { formatLongDate } from './format-date';
import { WEBINAR_SESSIONS } from './webinar-sessions';

afterEach(cleanup);

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

  it('opens the recordings sheet in the iframe modal, keeping a real link for new tabs', async () => {
    await renderPage(
      <>
        <WebinarPage />
        <OpenDialogs />
      </>,
    );
    const open = screen.getByRole('link', { name: 'Buka Daftar Rekaman' });
    expect(open.getAttribute('href')).toBe(webConfig.webinarSheetUrl);
    fireEvent.click(open, { ctrlKey: true });
    expect(screen.getByTestId('dialogs').textContent).toBe('[]');
    fireEvent.click(open);
    expect(JSON.parse(screen.getByTestId('dialogs').textContent ?? '[]')).toEqual([
      {
        kind: 'iframe',
        title: 'Daftar rekaman webinar Akun belajar.id',
        src: webConfig.webinarSheetUrl,
      },
    ]);
  });

  it('names each watch link after its session', async () => {
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
