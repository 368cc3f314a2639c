import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '~/components/dialog-store';
import { i18n } from '~/i18n/i18n';
import { NewPasswordPage } from './new-password-page';
import { ResetCodePage } from './reset-code-page';
import { saveResetSession } from './reset-flow-storage';

// React's act() around a hydration outside Testing Library's render.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The prerender has the parts' code at hand (0260): so do these tests.
beforeAll(async () => {
  await Promise.all([import('./reset-code-form'), import('./new-password-form')]);
});

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-reset-pending');
  window.sessionStorage.clear();
});

const page = (path: string, element: ReactNode) => (
  <I18nextProvider i18n={i18n}>
    <MemoryRouter initialEntries={[path]}>
      <DialogProvider>{element}</DialogProvider>
    </MemoryRouter>
  </I18nextProvider>
);

/** Prerenders the page, then hydrates that HTML as the browser does, noting React's complaints. */
async function prerenderAndHydrate(element: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(element);
  const prerendered = container.textContent ?? '';
  const recoverable = vi.fn();
  const root = await act(async () =>
    hydrateRoot(container, element, { onRecoverableError: recoverable }),
  );
  return { container, prerendered, recoverable, root };
}

const NO_SESSION = /Sesi reset kata sandi tidak ditemukan/;
const NOT_VERIFIED = /Verifikasi kode OTP terlebih dahulu/;

describe('the reset pages as prerendered', () => {
  it('the code page holds the no-reset notice, and hydration keeps it', async () => {
    const { container, prerendered, recoverable, root } = await prerenderAndHydrate(
      page('/reset-password/otp', <ResetCodePage />),
    );
    expect(prerendered).toMatch(NO_SESSION);
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toMatch(NO_SESSION);
    act(() => root.unmount());
  });

  it('the new-password page holds its notice, and hydration keeps it', async () => {
    const { container, prerendered, recoverable, root } = await prerenderAndHydrate(
      page('/reset-password/new-password', <NewPasswordPage />),
    );
    expect(prerendered).toMatch(NOT_VERIFIED);
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toMatch(NOT_VERIFIED);
    act(() => root.unmount());
  });

  it('a reset in this tab replaces the notice by the form once read, without a mismatch', async () => {
    saveResetSession({
      sessionId: 'sesiLama_0123456789abcdef',
      method: 'email',
      sentTo: 'r*****@gmail.com',
      codeExpiresAt: Date.now() + 30 * 60_000,
      resendAvailableAt: null,
      attemptsLeft: 5,
      verifiedUntil: null,
    });
    // What the page's script does as the document is parsed.
    document.documentElement.setAttribute('data-reset-pending', '');
    const { container, recoverable, root } = await prerenderAndHydrate(
      page('/reset-password/otp', <ResetCodePage />),
    );
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).not.toMatch(NO_SESSION);
    expect(container.querySelector('input[name="otp"]')).not.toBeNull();
    expect(document.documentElement.hasAttribute('data-reset-pending')).toBe(false);
    act(() => root.unmount());
  });
});
