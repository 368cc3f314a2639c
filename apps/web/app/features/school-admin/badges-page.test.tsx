import type { BadgeBatch, BadgeStudentSearchResult } from '@portal/contracts/badges';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '~/i18n/i18n';
import en from '~/locales/en/school-admin.json';
import id from '~/locales/id/school-admin.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { SchoolBadges } from './badges-page';

const NPSN = '20212345';

const students = (): BadgeStudentSearchResult => ({
  items: [
    {
      accountId: '11',
      name: 'Ani Lestari',
      nisn: '0011111111',
      grade: 1,
      badge: { id: '501', since: '2026-11-20T03:00:00.000Z' },
    },
    { accountId: '12', name: 'Budi Hartono', nisn: null, grade: 1, badge: null },
  ],
  total: 2,
  page: 1,
  pageSize: 50,
  grades: [
    { grade: 1, students: 2 },
    { grade: null, students: 1 },
  ],
  liveBadges: 1,
});

const batch: BadgeBatch = {
  id: '7',
  status: 'completed',
  createdAt: '2026-11-29T01:00:00.000Z',
  completedAt: '2026-11-29T01:00:05.000Z',
  total: 2,
  made: 2,
  skipped: 0,
  pdfAvailable: true,
  pdfExpiresAt: '2026-11-30T01:00:00.000Z',
};

type Call = { url: string; method: string; body: unknown };
let calls: Call[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/badges/students/search')) return Response.json({ data: students() });
      if (url.endsWith('/badges/batches') && method === 'GET') {
        return Response.json({ data: { items: [batch] } });
      }
      if (url.endsWith('/badges/batches')) {
        return Response.json(
          { data: { ...batch, id: '8', status: 'processing' } },
          { status: 202 },
        );
      }
      if (url.includes('/end')) return Response.json({ data: { ended: 1 } });
      return Response.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 });
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('id');
});

const render = () =>
  renderWithProviders(<SchoolBadges npsn={NPSN} />, {
    query: true,
    path: '/admin/kartu-masuk',
  });

describe('the school admin’s badges page', () => {
  it('lists the students with their live badge and since when, and the batch to download once', async () => {
    render();
    expect(await screen.findByText('Ani Lestari')).toBeTruthy();
    expect(screen.getByText(/Kartu aktif sejak/)).toBeTruthy();
    expect(screen.getByText(id.badges.students.noBadge, { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('Sekolah ini memiliki 1 kartu aktif.', { exact: false })).toBeTruthy();
    expect(await screen.findByRole('button', { name: id.badges.batches.download })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    // The search goes in a POST body: no name in a URL.
    const search = calls.find((call) => call.url.includes('/students/search'))!;
    expect(search.method).toBe('POST');
    expect(search.url).not.toContain('Ani');
  });

  it('makes the badges of a whole class chosen in the class filter', async () => {
    render();
    await screen.findByText('Ani Lestari');
    fireEvent.change(screen.getByLabelText(id.badges.students.gradeFilter), {
      target: { value: '1' },
    });
    const make = await screen.findByRole('button', { name: 'Buat kartu untuk seluruh Kelas 1' });
    fireEvent.click(make);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/badges/batches'))).toBe(
        true,
      ),
    );
    const posted = calls.find((c) => c.method === 'POST' && c.url.endsWith('/badges/batches'))!;
    expect(posted.body).toEqual({ grade: 1 });
    expect(await screen.findByText(/pembuatan #8/)).toBeTruthy();
  });

  it('makes badges for the chosen students', async () => {
    render();
    const budi = await screen.findByRole('checkbox', { name: /Budi Hartono/ });
    fireEvent.click(budi);
    fireEvent.click(screen.getByRole('button', { name: 'Buat kartu untuk 1 peserta didik' }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'POST' && c.url.endsWith('/badges/batches'))?.body,
      ).toEqual({
        students: [{ accountId: '12' }],
      }),
    );
  });

  it('ends one badge only after the confirmation', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Akhiri kartu Ani Lestari' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Kartu Ani Lestari tidak dapat dipakai lagi/)).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/end'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: id.badges.end.oneAction }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/badges/501/end'))).toBe(true));
  });

  it('ends every badge after its confirmation, and speaks English too', async () => {
    await i18n.changeLanguage('en');
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'End every live badge (1)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: en.badges.end.allAction }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/badges/end-all'))).toBe(true));
  });
});
