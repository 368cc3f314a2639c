import type { OfficeRequestDetail } from '@portal/contracts/console';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/console.json';
import id from '~/locales/id/console.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { OfficeRequests } from './office-requests';

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
function renderRequests() {
  renderWithProviders(<OfficeRequests token="staff-token" />, { query: true });
}

async function openRequest() {
  fireEvent.click(
    await screen.findByRole('button', { name: /DNS-2026-000007/ }, { timeout: 5000 }),
  );
  await screen.findByRole('heading', { level: 3, name: /DNS-2026-000007/ });
}

beforeEach(() => {
  approve = vi.fn(async () => Response.json({ data: { ...REQUEST, status: 'approved' } }));
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
});
