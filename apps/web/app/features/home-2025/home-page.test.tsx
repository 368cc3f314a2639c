import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_STATE } from '~/auth/signed-out-state';
import { DialogProvider } from '~/components/dialog-store';
import { i18n } from '~/i18n/i18n';
import { HomePage } from './home-page';

let seenState: unknown = 'unread';
function StateProbe() {
  seenState = useLocation().state;
  return null;
}

const show = (state: unknown) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[{ pathname: '/', state }]}>
        <DialogProvider>
          <HomePage />
          <StateProbe />
        </DialogProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );

beforeEach(() => {
  // jsdom has no matchMedia; the home page's carousel asks about reduced motion.
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the home page after signing out', () => {
  it('says once, politely, that the visitor has signed out', async () => {
    show(SIGNED_OUT_STATE);
    const note = await screen.findByText('Anda telah keluar.');
    expect(note.closest('[role="status"]')).not.toBeNull();
    // The state that said so is gone: a reload or a step back through history stays quiet.
    expect(seenState).toBeNull();
  });

  it('says nothing on an ordinary visit', () => {
    show(null);
    expect(screen.queryByText('Anda telah keluar.')).toBeNull();
  });
});
