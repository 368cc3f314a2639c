import { OFFICE_REQUEST_PLATFORMS } from '@portal/contracts/office-request';
import type { FeatureToggleKey } from '@portal/contracts/feature-toggles';
import { act, cleanup, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPlatforms } from '~/features/office-request/api/get-platforms';
import { HomePage } from '~/features/home-2025/home-page';
import { AuthModal } from '~/features/sign-in/auth-modal';
import { startFeatureToggles } from './feature-toggles';
import { renderWithProviders } from '~/test-support/render-with-providers';

/** The toggles as the API serves them, with one of them set. */
async function serve(key: FeatureToggleKey, enabled: boolean) {
  const body = { toggles: { [key]: enabled }, settings: {}, fetchedAt: '' };
  await act(() => startFeatureToggles(() => Promise.resolve(new Response(JSON.stringify(body)))));
}

const show = (element: ReactElement) => renderWithProviders(element, { path: '/', dialogs: true });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// ACCOUNT_CREATION, REQUEST_PASSWORD_BY_PHONE and LOOKUP_DINAS are tested on and off where
// their pages and API are; the announcement toggles with the announcement bar.
describe('what each toggle switches in the web app', () => {
  it('API_GOVERNMENT_STATEMENT: the regulation download on the home page', async () => {
    // jsdom has no matchMedia; the home page's carousel asks about reduced motion.
    vi.stubGlobal('matchMedia', () => ({
      matches: false,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    await serve('API_GOVERNMENT_STATEMENT', true);
    show(<HomePage />);
    expect(screen.getByRole('link', { name: /Unduh Ringkasan Ketentuan/ })).toBeTruthy();
    await serve('API_GOVERNMENT_STATEMENT', false);
    expect(screen.queryByRole('link', { name: /Unduh Ringkasan Ketentuan/ })).toBeNull();
  });

  it('LOGIN: the auth modal offers to sign in, or says signing in is off', async () => {
    await serve('LOGIN', true);
    show(<AuthModal open onOpenChange={() => undefined} mode="portal-admin" />);
    expect(await screen.findByRole('link', { name: /Masuk/ })).toBeTruthy();
    await serve('LOGIN', false);
    expect(screen.queryByRole('link', { name: /Masuk/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('dihentikan sementara');
  });

  it('API_PLATFORM: the office form asks the API for platforms, or uses the built-in list', async () => {
    const body = { data: [{ id: 'dapodik', platform_name: 'Dapodik' }] };
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body))));
    vi.stubGlobal('fetch', fetch);
    expect(await loadPlatforms(true)).toEqual(body);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await loadPlatforms(false)).toEqual({ data: [...OFFICE_REQUEST_PLATFORMS] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
