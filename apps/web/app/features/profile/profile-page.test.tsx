import { cleanup, screen } from '@testing-library/react';
import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '~/i18n/i18n';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { ProfilePage } from './profile-page';

const user = { access_token: 'token', id_token: 'id', profile: { sub: '7' } } as unknown as User;
vi.mock('~/auth/use-session', () => ({
  useSession: () => ({ status: 'authenticated', user }),
}));

const profile = {
  name: 'Dewi Lestari',
  signedInAs: 'dewi.lestari@belajar.id',
  accounts: [{ email: 'dewi.lestari@belajar.id', userType: 'ptk', schoolLevel: 'SD' }],
  schools: [],
  office: null,
  personalEmail: 'd*****@example.com',
  activity: [{ at: '2026-11-20T03:00:00.000Z', event: 'sign_in' }],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ data: profile }), {
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('id');
});

const show = () => renderWithProviders(<ProfilePage />, { path: '/profile' });

describe('the profile page', () => {
  it('links back to the portal and to the start of a password reset', async () => {
    show();
    expect(screen.getByRole('link', { name: /Kembali ke Beranda/ }).getAttribute('href')).toBe('/');
    await screen.findByText('Dewi Lestari');
    const reset = screen.getByRole('link', { name: 'atur ulang kata sandi' });
    expect(reset.getAttribute('href')).toBe('/#lupa-kata-sandi');
    expect(screen.getByRole('link', { name: 'Platform terhubung' }).getAttribute('href')).toBe(
      '/profile/platform-terhubung',
    );
    expect(reset.closest('p')?.textContent).toBe(
      'Tidak mengenali aktivitas ini? Segera atur ulang kata sandi Anda.',
    );
  });

  it('says both links in English', async () => {
    await changeLanguage('en');
    show();
    screen.getByRole('link', { name: /Back to Home/ });
    await screen.findByText('Dewi Lestari');
    expect(screen.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe(
      '/#lupa-kata-sandi',
    );
  });
});
