import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import { SIGN_IN_MESSAGES } from '@portal/contracts/sign-in-messages';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
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

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/profile" element={<ProfileLayout />}>
        <Route path="metode-masuk" element={<SignInMethodsPage />} />
      </Route>
    </Routes>,
    { path: '/profile/metode-masuk' },
  );

describe('the sign-in methods page', () => {
  it('leads to signing in again, back here, when the session is too old to change a factor', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: id.app.add }));
    const link = await screen.findByRole('link', { name: id.signInAgain });
    expect(link.getAttribute('href')).toBe(
      `/auth/login?reauth=1&returnTo=${encodeURIComponent('/profile/metode-masuk')}`,
    );
  });
});

describe('adding an authenticator app', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init?: RequestInit) =>
        Promise.resolve(
          Response.json(
            init?.method === 'POST'
              ? {
                  data: {
                    secret: 'JBSWY3DPEHPK3PXP',
                    otpauth_uri: 'otpauth://totp/demo?secret=JBSWY3DPEHPK3PXP',
                    qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
                  },
                }
              : {
                  data: {
                    totp: null,
                    passkeys: [],
                    recoveryCodesLeft: 0,
                    requiredForSchoolAdmin: false,
                  },
                },
          ),
        ),
      ),
    );
  });

  it('moves focus to what to do, then to the code when it is missing', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: id.app.add }));
    const instruction = await screen.findByText(id.app.scan);
    await vi.waitFor(() => expect(document.activeElement).toBe(instruction));
    const code = screen.getByLabelText(id.app.codeLabel);
    fireEvent.click(screen.getByRole('button', { name: id.app.confirm }));
    await vi.waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    await vi.waitFor(() => expect(document.activeElement).toBe(code));
  });
});

describe('confirming a change of the second factor', () => {
  const posts = vi.fn();
  beforeEach(() => {
    posts.mockReset();
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') posts();
        return Promise.resolve(
          Response.json({
            data: {
              totp: { enrolledAt: '2026-11-20T03:00:00.000Z' },
              passkeys: [],
              recoveryCodesLeft: 10,
              requiredForSchoolAdmin: false,
            },
          }),
        );
      }),
    );
  });

  const openConfirmation = async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: id.app.remove }));
    return screen.getByLabelText(id.confirm.passwordLabel).closest('form')!;
  };

  it('asks for the password before any call, with the server’s own message', async () => {
    const form = await openConfirmation();
    fireEvent.click(within(form).getByRole('button', { name: id.app.remove }));
    const field = screen.getByLabelText(id.confirm.passwordLabel);
    expect((await within(form).findByRole('alert')).textContent).toBe(ERROR_MESSAGES.required);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // Focus goes where the answer is to be corrected.
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
    expect(posts).not.toHaveBeenCalled();
  });

  it('checks an app code’s six digits before any call', async () => {
    const form = await openConfirmation();
    fireEvent.click(within(form).getByRole('button', { name: id.confirm.useCode }));
    fireEvent.change(screen.getByLabelText(id.confirm.codeLabel), { target: { value: '12 34' } });
    fireEvent.click(within(form).getByRole('button', { name: id.app.remove }));
    expect((await within(form).findByRole('alert')).textContent).toBe(SIGN_IN_MESSAGES.codeFormat);
    expect(posts).not.toHaveBeenCalled();
  });
});
