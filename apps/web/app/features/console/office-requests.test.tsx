import type { OfficeRequestDetail } from '@portal/contracts/console';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/console.json';
import id from '~/locales/id/console.json';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { OfficeRequests, RequestDetail } from './office-requests';

registerNamespace('console', { id, en });

const REQUEST: OfficeRequestDetail = {
  id: '7',
  number: 'DNS-2026-000007',
  name: 'Dewi Lestari',
  officeType: 'kota_kabupaten',
  region: 'Kota Bandung',
  province: 'Jawa Barat',
  status: 'submitted',
  createdAt: '2026-11-20T03:00:00.000Z',
  nik: '3273010101900001',
  birthDate: '1990-01-01',
  motherName: 'Siti',
  email: 'dewi@example.org',
  phone: '081234567890',
  position: 'kepala-dinas',
  positionOther: null,
  letterSubject: 'Permohonan akun',
  letterNumber: '421/123',
  platforms: ['merdeka-mengajar', 'rapor-pendidikan'],
  hasEducationReport: false,
  decidedAt: null,
  rejectionReason: null,
  accountEmail: null,
};

let approve: ReturnType<typeof vi.fn<() => Promise<Response>>>;
let reject: ReturnType<typeof vi.fn<(body: unknown) => Promise<Response>>>;

function Detail() {
  return <RequestDetail id={REQUEST.id} />;
}

function renderRequests() {
  renderWithProviders(
    <Routes>
      <Route path="/konsol/pengajuan-dinas" element={<OfficeRequests />} />
      <Route path="/konsol/pengajuan-dinas/:id" element={<Detail />} />
    </Routes>,
    { query: true, path: '/konsol/pengajuan-dinas?status=' },
  );
}

/** Opens the request from the list: its own page, whose heading takes focus. */
async function openRequest() {
  fireEvent.click(await screen.findByRole('link', { name: /DNS-2026-000007/ }, { timeout: 5000 }));
  const heading = await screen.findByRole('heading', { level: 1, name: /DNS-2026-000007/ });
  await vi.waitFor(() => expect(document.activeElement).toBe(heading));
}

beforeEach(() => {
  approve = vi.fn(async () => Response.json({ data: { ...REQUEST, status: 'approved' } }));
  reject = vi.fn(async () => Response.json({ data: { ...REQUEST, status: 'rejected' } }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path.endsWith('/office-requests')) {
        return Response.json({ data: { items: [REQUEST], page: 1, pageSize: 20, total: 1 } });
      }
      if (path.endsWith(`/office-requests/${REQUEST.id}`)) return Response.json({ data: REQUEST });
      // The letter never arrives: these tests are about the words and the decision.
      if (path.endsWith('/letter')) return new Promise<Response>(() => undefined);
      if (path.endsWith('/approve') && init?.method === 'POST') return approve();
      if (path.endsWith('/reject') && init?.method === 'POST') {
        return reject(JSON.parse(String(init.body)));
      }
      return Response.json({ provinces: [] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => changeLanguage('id'));

describe('an office request in the console', () => {
  it('shows and names the letter by the request, never by its blob address', async () => {
    const fetchNow = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) =>
      new URL(String(input), 'http://localhost').pathname.endsWith('/letter')
        ? new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }))
        : fetchNow(input, init),
    );
    const blobUrl = 'blob:http://localhost/0b7c9e2a-5d1f-4c3b-9a8e-1f2d3c4b5a69';
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, {
        createObjectURL: () => blobUrl,
        revokeObjectURL: () => undefined,
      }),
    );
    renderRequests();
    await openRequest();
    const frame = await screen.findByTitle(
      id.detail.letterFrame.replace('{{number}}', REQUEST.number),
      {},
      { timeout: 5000 },
    );
    // Without the viewer's toolbar, which titles a letter by its address.
    expect(frame.getAttribute('src')).toBe(`${blobUrl}#toolbar=0`);
    const download = screen.getByRole('link', { name: id.detail.downloadLetter });
    expect(download.getAttribute('download')).toBe('surat-dinas-DNS-2026-000007.pdf');
    expect(download.getAttribute('target')).toBeNull();
  });

  it('names the position and the platforms as the office form does, not by their ids', async () => {
    await changeLanguage('en');
    renderRequests();
    await openRequest();
    const value = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value(en.detail.position)).toBe('Head of the Education Office');
    expect(value(en.detail.platforms)).toBe('Merdeka Mengajar, Rapor Pendidikan');
    expect(document.body.textContent).not.toMatch(/kepala-dinas|merdeka-mengajar/);
    cleanup();
    await changeLanguage('id');
    renderRequests();
    await openRequest();
    expect(value(id.detail.position)).toBe('Kepala Dinas');
  });

  it('approves only after a confirmation, as toggles and announcements do', async () => {
    await changeLanguage('id');
    renderRequests();
    await openRequest();
    fireEvent.click(screen.getByRole('button', { name: id.detail.approve }));
    const dialog = await screen.findByRole('dialog', {
      name: id.detail.confirmApprove.replace('{{number}}', REQUEST.number),
    });
    expect(approve).not.toHaveBeenCalled();
    // Cancelled: nothing is decided.
    fireEvent.click(within(dialog).getByRole('button', { name: id.detail.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(approve).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: id.detail.approve }));
    fireEvent.click(await screen.findByRole('button', { name: id.detail.yesApprove }));
    await screen.findByText(id.detail.decided);
    expect(approve).toHaveBeenCalledTimes(1);
  });

  it('rejects only after a confirmation that shows the reason sent', async () => {
    await changeLanguage('id');
    renderRequests();
    await openRequest();
    fireEvent.click(screen.getByRole('button', { name: id.detail.reject }));
    // No reason: the field says so, and nothing is asked or sent.
    fireEvent.click(screen.getByRole('button', { name: id.detail.confirmReject }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tuliskan alasan penolakan.');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(screen.getByLabelText(id.detail.rejectReason), {
      target: { value: 'Surat tanpa tanda tangan.' },
    });
    fireEvent.click(screen.getByRole('button', { name: id.detail.confirmReject }));
    const dialog = await screen.findByRole('dialog', {
      name: id.detail.confirmRejectTitle.replace('{{number}}', REQUEST.number),
    });
    expect(dialog.textContent).toContain('Surat tanpa tanda tangan.');
    expect(reject).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: id.detail.yesReject }));
    await screen.findByText(id.detail.decided);
    expect(reject).toHaveBeenCalledWith({ reason: 'Surat tanpa tanda tangan.' });
  });

  it('keeps the list’s filter in the address, and the way back to it', async () => {
    await changeLanguage('id');
    renderRequests();
    await openRequest();
    fireEvent.click(screen.getByRole('link', { name: id.detail.close }));
    await screen.findByRole('heading', { level: 1, name: id.requests.title });
    // Any status, as the list was opened with: the status filter shows it.
    expect((screen.getByLabelText(id.requests.status) as HTMLSelectElement).value).toBe('');
  });
});
