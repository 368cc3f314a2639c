import { cleanup, screen, within } from '@testing-library/react';
import type { SessionUser } from '~/auth/auth-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthModalMode } from '~/components/dialog-store';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { AuthModal } from './auth-modal';

const user: SessionUser = {
  profile: { sub: '7', email: 'dewi.lestari@belajar.id' },
  expires_at: 4_102_444_800,
};
vi.mock('~/auth/use-session', () => ({
  useSession: () => ({ status: 'authenticated', user }),
}));

/** A teacher of one school, who runs none. */
const schools = {
  schools: [
    {
      npsn: '20212345',
      name: 'SD Negeri 1 Bogor',
      isAdmin: false,
      admins: [{ name: 'Kania Pratiwi', role: 'operator' }],
    },
  ],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ data: schools }), {
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (mode: AuthModalMode) =>
  renderWithProviders(<AuthModal open onOpenChange={() => undefined} mode={mode} />, {
    path: '/',
  });

describe('the auth modal for a signed-in teacher who is not the school admin', () => {
  it('is titled Akun salah and, in portal mode, words the portal', async () => {
    show('portal-admin');
    await screen.findByRole('dialog', { name: 'Akun salah' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'Portal Admin hanya dapat dibuka dengan Akun belajar.id milik Admin Sekolah.',
    );
    expect(alert.textContent).not.toContain('pengajuan');
  });

  it('says Akun salah once, in its title; the alert gives the reason', async () => {
    show('pengajuan-akun');
    const dialog = await screen.findByRole('dialog', { name: 'Akun salah' });
    expect(within(dialog).getAllByText('Akun salah')).toHaveLength(1);
    expect(within(dialog).getByRole('alert').textContent).not.toContain('Akun salah');
  });

  it('words the request in request mode', async () => {
    show('pengajuan-akun');
    await screen.findByRole('dialog', { name: 'Akun salah' });
    expect(screen.getByRole('alert').textContent).toContain(
      'Proses pengajuan akun harus menggunakan Akun belajar.id milik Admin Sekolah',
    );
  });
});
