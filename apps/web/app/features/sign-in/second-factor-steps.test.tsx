import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { PASSKEY_MESSAGES } from '@portal/contracts/passkeys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signWithPasskey } from '~/auth/passkeys';
import id from '~/locales/id/sign-in.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { InteractionPage } from './interaction-page';

// The browser's passkey dialog is the browser's: here it answers what each test says.
vi.mock('~/auth/passkeys', () => ({ browserHasPasskeys: () => true, signWithPasskey: vi.fn() }));

const UID = 'interaction-0002';
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };
const SIGNED = {
  id: 'AQID',
  rawId: 'AQID',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};
let passkeyPosts: unknown[];

function answer(holdsPasskey: boolean, passkeyAnswer: () => Response, holdsApp = true) {
  passkeyPosts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path.endsWith(`/interaction/${UID}`)) {
        return Response.json({
          uid: UID,
          prompt: 'login',
          step: 'totp',
          bot_check: false,
          passkey: holdsPasskey,
          totp: holdsApp,
          client: { id: 'portal-web', name: null },
        });
      }
      if (path.endsWith('/passkey') && init?.method === 'POST') {
        passkeyPosts.push(JSON.parse(String(init.body)));
        return passkeyAnswer();
      }
      if (path.endsWith('/passkey')) return Response.json(OPTIONS);
      throw new Error(`unexpected call ${path}`);
    }),
  );
}

/** The sign-in page of an interaction waiting at the second factor. */
const renderStep = () =>
  renderWithProviders(
    <Routes>
      <Route path="/auth/sign-in/:uid" element={<InteractionPage />} />
    </Routes>,
    { path: `/auth/sign-in/${UID}` },
  );

beforeEach(() => vi.mocked(signWithPasskey).mockReset());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the second factor with a passkey', () => {
  it('offers the passkey to staff who hold one, and says so when the person cancels', async () => {
    answer(true, () => Response.json({ redirectTo: '/oidc/auth/x' }));
    vi.mocked(signWithPasskey).mockResolvedValueOnce({ ok: false, refusal: 'declined' });
    renderStep();
    const use = await screen.findByRole('button', { name: id.steps.passkey.use });
    expect(screen.getByText(id.steps.passkey.intro)).toBeTruthy();
    // The app's code stays possible beside it.
    expect(screen.getByLabelText(id.steps.code.label)).toBeTruthy();
    fireEvent.click(use);
    expect(await screen.findByText(id.steps.passkey.declined)).toBeTruthy();
    expect(signWithPasskey).toHaveBeenCalledWith(OPTIONS);
    expect(passkeyPosts).toEqual([]);
  });

  it("sends the browser's signed answer, and shows the server's refusal", async () => {
    answer(true, () =>
      Response.json(
        {
          message: PASSKEY_MESSAGES.refused,
          error: {
            code: 'VALIDATION_FAILED',
            id: 'passkey_refused',
            message: PASSKEY_MESSAGES.refused,
          },
          errors: [],
        },
        { status: 400 },
      ),
    );
    vi.mocked(signWithPasskey).mockResolvedValueOnce({ ok: true, response: SIGNED as never });
    renderStep();
    fireEvent.click(await screen.findByRole('button', { name: id.steps.passkey.use }));
    await waitFor(() => expect(passkeyPosts).toEqual([SIGNED]));
    await screen.findByText(PASSKEY_MESSAGES.refused);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      PASSKEY_MESSAGES.refused,
    );
  });

  it('offers an account holder with passkeys only a passkey or a recovery code, no app code', async () => {
    answer(true, () => Response.json({ redirectTo: '/oidc/auth/x' }), false);
    renderStep();
    await screen.findByText(id.steps.passkey.introRecovery);
    expect(screen.getByRole('button', { name: id.steps.passkey.use })).toBeTruthy();
    expect(screen.getByLabelText(id.steps.recovery.label)).toBeTruthy();
    expect(screen.queryByLabelText(id.steps.code.label)).toBeNull();
    expect(screen.queryByRole('button', { name: id.steps.totp.useApp })).toBeNull();
  });

  it('offers no passkey to staff without one', async () => {
    answer(false, () => Response.json({}));
    renderStep();
    await screen.findByLabelText(id.steps.code.label);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: id.steps.passkey.use })).toBeNull();
    expect(screen.getByText(id.steps.totp.intro)).toBeTruthy();
  });
});
