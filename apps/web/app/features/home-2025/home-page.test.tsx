import { cleanup, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_STATE } from '~/auth/signed-out-state';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { HomePage } from './home-page';

let seenState: unknown = 'unread';
function StateProbe() {
  seenState = useLocation().state;
  return null;
}

const show = (state: unknown) =>
  renderWithProviders(
    <>
      <HomePage />
      <StateProbe />
    </>,
    { path: { pathname: '/', state }, dialogs: true },
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
