import type { ApiErrorBody, ErrorId } from '@portal/contracts/api-error';
import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import { STAFF_MESSAGES } from '@portal/contracts/staff';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '~/i18n/i18n';
import en from '~/locales/en/console.json';
import id from '~/locales/id/console.json';
import resetEn from '~/locales/en/password-reset.json';
import resetId from '~/locales/id/password-reset.json';
import serverEn from '~/locales/en/server.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { InvitationPage } from './invitation-page';

const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg';
let replies: Response[] = [];
let bodies: unknown[] = [];

const failure = (status: number, errorId: ErrorId, message: string, field: string) =>
  Response.json(
    {
      message,
      error: { code: 'BAD_REQUEST', id: errorId, message },
      errors: [{ field, message }],
    } satisfies ApiErrorBody,
    { status },
  );

beforeEach(() => {
  replies = [];
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(init?.body ? JSON.parse(String(init.body)) : undefined);
      return replies.shift() ?? Response.json({}, { status: 500 });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  await changeLanguage('id');
});

function openLink(hash = `#t=${TOKEN}`) {
  window.history.replaceState(null, '', `/konsol/undangan${hash}`);
  renderWithProviders(<InvitationPage />, { path: '/konsol/undangan' });
}

const fill = (password: string, confirmation = password) => {
  fireEvent.change(screen.getByLabelText(resetId.newPassword.passwordLabel), {
    target: { value: password },
  });
  fireEvent.change(screen.getByLabelText(resetId.newPassword.confirmLabel), {
    target: { value: confirmation },
  });
  fireEvent.click(screen.getByRole('button', { name: resetId.newPassword.submit }));
};

describe('the staff invitation page', () => {
  it('takes the token out of the address, sets the password with it, then offers the sign-in', async () => {
    openLink();
    await screen.findByLabelText(resetId.newPassword.passwordLabel);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/konsol/undangan');
    // The reset flow's rules, in its words, before anything is sent.
    fill('pendek');
    await screen.findByText(resetId.newPassword.tooShort.replace('{{min}}', '8'));
    fill('Rendang Padang 2026', 'Rendang Padang 2027');
    await screen.findByText(resetId.newPassword.mismatch);
    expect(bodies).toEqual([]);

    replies.push(Response.json({ data: { email: 'dewi@kemendikdasmen.go.id' } }));
    fill('Rendang Padang 2026');
    const done = await screen.findByRole('heading', { name: id.invitation.doneTitle });
    expect(bodies).toEqual([{ token: TOKEN, password: 'Rendang Padang 2026' }]);
    expect(document.activeElement).toBe(done);
    expect(screen.getByText(/dewi@kemendikdasmen\.go\.id/)).toBeTruthy();
    const signIn = screen.getByRole('link', { name: id.invitation.signIn });
    expect(signIn.getAttribute('href')).toBe('/auth/login?returnTo=%2Fkonsol');
  });

  it('shows a refused password on its field, in English for an English reader', async () => {
    await changeLanguage('en');
    openLink();
    await screen.findByLabelText(resetEn.newPassword.passwordLabel);
    replies.push(failure(400, 'reset_password_common', RESET_MESSAGES.commonPassword, 'password'));
    fireEvent.change(screen.getByLabelText(resetEn.newPassword.passwordLabel), {
      target: { value: 'password123' },
    });
    fireEvent.change(screen.getByLabelText(resetEn.newPassword.confirmLabel), {
      target: { value: 'password123' },
    });
    fireEvent.click(screen.getByRole('button', { name: resetEn.newPassword.submit }));
    await screen.findByText(serverEn.errors.reset_password_common);
    expect(
      screen.getByLabelText(resetEn.newPassword.passwordLabel).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.invitation.title);
  }, 20_000);

  it('says a used or expired link is no good, and one without a token too', async () => {
    openLink();
    await screen.findByLabelText(resetId.newPassword.passwordLabel);
    replies.push(
      failure(400, 'staff_invitation_invalid', STAFF_MESSAGES.invitationInvalid, 'token'),
    );
    fill('Rendang Padang 2026');
    await screen.findByText(STAFF_MESSAGES.invitationInvalid);
    expect(screen.queryByLabelText(resetId.newPassword.passwordLabel)).toBeNull();
    cleanup();
    openLink('');
    await screen.findByText(STAFF_MESSAGES.invitationInvalid);
    expect(bodies).toHaveLength(1);
  });
});
