import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { SessionUser } from '~/auth/auth-client';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '~/test-support/render-with-providers';
import id from '~/locales/id/sign-in-methods.json';
import { ProfileLayout } from '../profile-layout';
import { SignInMethodsPage } from './sign-in-methods-page';

const user: SessionUser = { profile: { sub: '7' }, expires_at: 4_102_444_800 };
vi.mock('~/auth/use-session', () => ({
  useSession: () => ({ status: 'authenticated', user }),
}));

const REFUSAL = 'Demi keamanan, masuk kembali dengan faktor kedua.';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        return Promise.resolve(
          Response.json(
            {
              message: REFUSAL,
              error: { code: 'FORBIDDEN', id: 'reauthentication_required', message: REFUSAL },
              errors: [{ field: '', message: REFUSAL }],
            },
            { status: 403 },
          ),
        );
      }
      return Promise.resolve(
        Response.json({
          data: { totp: null, passkeys: [], recoveryCodesLeft: 0, requiredForSchoolAdmin: false },
        }),
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sign-in methods page', () => {
  it('leads to signing in again, back here, when the session is too old to change a factor', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/profile" element={<ProfileLayout />}>
          <Route path="metode-masuk" element={<SignInMethodsPage />} />
        </Route>
      </Routes>,
      { path: '/profile/metode-masuk' },
    );
    fireEvent.click(await screen.findByRole('button', { name: id.app.add }));
    const link = await screen.findByRole('link', { name: id.signInAgain });
    expect(link.getAttribute('href')).toBe(
      `/auth/login?reauth=1&returnTo=${encodeURIComponent('/profile/metode-masuk')}`,
    );
  });
});
