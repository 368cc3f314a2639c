import { cleanup, render, screen } from '@testing-library/react';
import type { User } from 'oidc-client-ts';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthModalMode } from '~/components/dialog-store';
import { i18n } from '~/i18n/i18n';
import { AuthModal } from './auth-modal';

const user = {
  access_token: 'token',
  id_token: 'id',
  profile: { sub: '7', email: 'dewi.lestari@belajar.id' },
} as unknown as User;
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
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <AuthModal open onOpenChange={() => undefined} mode={mode} />
      </MemoryRouter>
    </I18nextProvider>,
  );

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

  it('words the request in request mode', async () => {
    show('pengajuan-akun');
    await screen.findByRole('dialog', { name: 'Akun salah' });
    expect(screen.getByRole('alert').textContent).toContain(
      'Proses pengajuan akun harus menggunakan Akun belajar.id milik Admin Sekolah',
    );
  });
});
