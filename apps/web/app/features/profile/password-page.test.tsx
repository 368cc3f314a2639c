import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SessionUser } from '~/auth/auth-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { Route, Routes } from 'react-router';
import id from '~/locales/id/profile.json';
import reset from '~/locales/id/password-reset.json';
import { PasswordPage } from './password-page';
import { ProfileLayout } from './profile-layout';

const user: SessionUser = { profile: { sub: '7' }, expires_at: 4_102_444_800 };
vi.mock('~/auth/use-session', () => ({
  useSession: () => ({ status: 'authenticated', user }),
}));

let posted: unknown[];
beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { current_password: string };
        posted.push(body);
        if (body.current_password !== 'benar-sekali')
          return Promise.resolve(
            Response.json(
              {
                message: 'Kata sandi saat ini salah.',
                errors: [{ field: 'current_password', message: 'Kata sandi saat ini salah.' }],
              },
              { status: 400 },
            ),
          );
        return Promise.resolve(Response.json({ data: { changed: true, sessions_ended: 2 } }));
      }
      return Promise.resolve(Response.json({ data: {} }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () =>
  renderWithProviders(
    <Routes>
      <Route path="/profile" element={<ProfileLayout />}>
        <Route path="kata-sandi" element={<PasswordPage />} />
      </Route>
    </Routes>,
    { path: '/profile/kata-sandi' },
  );

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('the profile’s password page', () => {
  it('shows the profile’s rule over the shared fields and checks them before sending', async () => {
    show();
    await screen.findByLabelText(id.password.current);
    expect(screen.getByText(id.password.rule.replace('{{min}}', '8'))).toBeTruthy();
    fill(reset.newPassword.passwordLabel, 'pendek');
    fireEvent.click(screen.getByRole('button', { name: id.password.submit }));
    expect(
      await screen.findByText(reset.newPassword.tooShort.replace('{{min}}', '8')),
    ).toBeTruthy();
    expect(screen.getAllByText(id.password.required).length).toBeGreaterThan(0);
    expect(document.activeElement).toBe(screen.getByLabelText(id.password.current));
    expect(posted).toEqual([]);
  });

  it('puts the server’s refusal on the current password, then changes it', async () => {
    show();
    await screen.findByLabelText(id.password.current);
    fill(id.password.current, 'salah');
    fill(reset.newPassword.passwordLabel, 'Kata-Sandi-Baru-2026');
    fill(reset.newPassword.confirmLabel, 'Kata-Sandi-Baru-2026');
    fireEvent.click(screen.getByLabelText(id.password.endOthers));
    fireEvent.click(screen.getByRole('button', { name: id.password.submit }));
    await waitFor(() =>
      expect(screen.getByLabelText(id.password.current).getAttribute('aria-invalid')).toBe('true'),
    );
    fill(id.password.current, 'benar-sekali');
    fireEvent.click(screen.getByRole('button', { name: id.password.submit }));
    expect(
      await screen.findByText(id.password.doneEnded_other.replace('{{count}}', '2')),
    ).toBeTruthy();
    expect(posted.at(-1)).toEqual({
      current_password: 'benar-sekali',
      new_password: 'Kata-Sandi-Baru-2026',
      end_other_sessions: true,
    });
    expect((screen.getByLabelText(id.password.current) as HTMLInputElement).value).toBe('');
  });

  it('shows the current password with the new ones from one toggle', async () => {
    show();
    await screen.findByLabelText(id.password.current);
    fireEvent.click(screen.getByRole('button', { name: reset.newPassword.show }));
    expect(screen.getByLabelText(id.password.current).getAttribute('type')).toBe('text');
    expect(screen.getByLabelText(reset.newPassword.confirmLabel).getAttribute('type')).toBe('text');
  });
});
