import type { ApiErrorBody, ErrorId } from '@portal/contracts/api-error';
import { DELETION_MESSAGES, type DeletionNotice } from '@portal/contracts/account-deletion';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '~/i18n/i18n';
import en from '~/locales/en/deletion-report.json';
import serverEn from '~/locales/en/server.json';
import { DeletionReportPage } from './deletion-report-page';
import { renderWithProviders } from '~/test-support/render-with-providers';

// The form is a part the page loads after its first script: here it is loaded first.
beforeAll(async () => {
  await import('./deletion-report-form');
});

const TOKEN = `42.${'A'.repeat(43)}`;

type Reply = { status: number; body: unknown };
let replies: Reply[] = [];
let requests: { url: string; body: unknown }[] = [];

beforeEach(() => {
  replies = [];
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies.shift() ?? { status: 500, body: {} };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const notice = (change: Partial<DeletionNotice> = {}): Reply => ({
  status: 200,
  body: {
    data: {
      deletionOn: '2027-01-05',
      reportUntil: '2027-01-10',
      status: 'scheduled',
      accounts: ['d*****@belajar.id'],
      ...change,
    },
  },
});

/** An error answer as the API writes it. */
const failure = (status: number, id: ErrorId, message: string): Reply => ({
  status,
  body: {
    message,
    error: { code: status === 404 ? 'NOT_FOUND' : 'CONFLICT', id, message },
    errors: [],
  } satisfies ApiErrorBody,
});

/** Opens the page as the notice's link does: the token in the fragment. */
function openLink(hash = `#t=${TOKEN}`) {
  window.history.replaceState(null, '', `/account/deletion-report${hash}`);
  return renderWithProviders(<DeletionReportPage />);
}

describe('the deletion report page', () => {
  it('shows the stated date of a valid link and takes a report', async () => {
    replies.push(notice());
    openLink();
    await screen.findByText('Tanggal penghapusan akun: 5 Januari 2027.');
    screen.getByText(/laporkan paling lambat 10 Januari 2027/);
    // Which account: masked, as the lookup shows it.
    screen.getByText('Akun yang dimaksud pemberitahuan ini:');
    expect(screen.getByRole('listitem').textContent).toBe('d*****@belajar.id');
    // The token is read once and leaves the address bar; it travels in a request body only.
    expect(window.location.hash).toBe('');
    expect(requests[0]?.url).not.toContain(TOKEN);
    expect(requests[0]?.body).toEqual({ token: TOKEN });

    // Nothing chosen: said on the page, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Kirim Laporan' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DELETION_MESSAGES.reporterRequired);
    expect(requests).toHaveLength(1);

    fireEvent.click(screen.getByLabelText('Saya pemilik akun'));
    fireEvent.change(screen.getByLabelText('Alasan laporan'), {
      target: { value: 'Saya masih mengajar di sini.' },
    });
    replies.push(notice({ status: 'reported' }));
    fireEvent.click(screen.getByRole('button', { name: 'Kirim Laporan' }));
    await screen.findByText(/Laporan Anda sudah kami terima/);
    expect(requests[1]?.body).toEqual({
      token: TOKEN,
      reporter: 'owner',
      reason: 'Saya masih mengajar di sini.',
    });
    expect(screen.queryByRole('button', { name: 'Kirim Laporan' })).toBeNull();
  });

  it('offers no form once the time to report has passed', async () => {
    replies.push(notice({ status: 'closed' }));
    openLink();
    await screen.findByText('Tanggal penghapusan akun: 5 Januari 2027.');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Batas waktu laporan sudah lewat: laporan hanya diterima sampai 10 Januari 2027.',
    );
    expect(screen.queryByRole('button', { name: 'Kirim Laporan' })).toBeNull();
  });

  it('says when a report comes too late, as the server says it', async () => {
    replies.push(notice());
    openLink();
    fireEvent.click(await screen.findByLabelText('Saya Kepala Sekolah atau Operator Sekolah'));
    fireEvent.change(screen.getByLabelText('Alasan laporan'), {
      target: { value: 'Siswa ini masih bersekolah.' },
    });
    replies.push(failure(409, 'deletion_report_too_late', DELETION_MESSAGES.tooLate));
    fireEvent.click(screen.getByRole('button', { name: 'Kirim Laporan' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DELETION_MESSAGES.tooLate);
  });

  it('refuses a link without a token, and one the server does not know', async () => {
    openLink('');
    expect((await screen.findByRole('alert')).textContent).toBe(DELETION_MESSAGES.linkInvalid);
    expect(requests).toHaveLength(0);
    cleanup();

    replies.push(failure(404, 'deletion_link_invalid', DELETION_MESSAGES.linkInvalid));
    openLink(`#t=7.${'B'.repeat(43)}`);
    expect((await screen.findByRole('alert')).textContent).toBe(DELETION_MESSAGES.linkInvalid);
    expect(screen.queryByRole('button', { name: 'Kirim Laporan' })).toBeNull();
  });

  describe('in English', () => {
    beforeEach(() => changeLanguage('en'));
    afterEach(() => changeLanguage('id'));

    it('shows the date and the server messages in English', async () => {
      replies.push(notice());
      openLink();
      await screen.findByText('Account deletion date: 5 January 2027.');
      fireEvent.click(screen.getByRole('button', { name: en.submit }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        serverEn.deletion.reporterRequired,
      );
      cleanup();

      replies.push(failure(404, 'deletion_link_invalid', DELETION_MESSAGES.linkInvalid));
      openLink();
      expect((await screen.findByRole('alert')).textContent).toBe(
        serverEn.errors.deletion_link_invalid,
      );
    });
  });
});
