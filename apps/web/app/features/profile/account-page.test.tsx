import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { SessionUser } from '~/auth/auth-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '~/i18n/i18n';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { Route, Routes } from 'react-router';
import { AccountPage } from './account-page';
import { ProfileLayout } from './profile-layout';

const user: SessionUser = { profile: { sub: '7' }, expires_at: 4_102_444_800 };
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

const show = () =>
  renderWithProviders(
    <Routes>
      <Route path="/profile" element={<ProfileLayout />}>
        <Route index element={<AccountPage />} />
      </Route>
    </Routes>,
    { path: '/profile' },
  );

describe('the profile page', () => {
  it('lists the sections from one menu and links to the start of a password reset', async () => {
    show();
    await screen.findByText('Dewi Lestari');
    const menu = screen.getByRole('navigation', { name: 'Bagian profil' });
    const links = [...menu.querySelectorAll('a')].map((link) => [
      link.textContent,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Akun Saya', '/profile'],
      ['Email Pribadi', '/profile/email-pribadi'],
      ['Kata Sandi', '/profile/kata-sandi'],
      ['Metode Masuk', '/profile/metode-masuk'],
      ['Perangkat yang Masuk', '/profile/perangkat'],
      ['Platform Terhubung', '/profile/platform-terhubung'],
      ['Data Saya', '/profile/data-saya'],
    ]);
    expect(menu.querySelector('[aria-current="page"]')?.textContent).toBe('Akun Saya');
    const reset = screen.getByRole('link', { name: 'atur ulang kata sandi' });
    expect(reset.getAttribute('href')).toBe('/#lupa-kata-sandi');
    expect(reset.closest('p')?.textContent).toBe(
      'Tidak mengenali aktivitas ini? Segera atur ulang kata sandi Anda.',
    );
  });

  it('says the menu and the link in English', async () => {
    await changeLanguage('en');
    show();
    await screen.findByText('Dewi Lestari');
    screen.getByRole('link', { name: 'Signed-in Devices' });
    expect(screen.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe(
      '/#lupa-kata-sandi',
    );
  });

  it('names the current section on the phone’s menu button, which opens and closes the list', async () => {
    show();
    await screen.findByText('Dewi Lestari');
    const toggle = screen.getByRole('button', { name: 'Profil Akun: Akun Saya' });
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(list?.className).toContain('hidden');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list?.className).not.toMatch(/(^| )hidden( |$)/);
    fireEvent.keyDown(list!, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
