import { ASSURANCE_LEVELS } from '@portal/contracts/sign-in';
import { cleanup, screen } from '@testing-library/react';
import type { SessionUser } from '~/auth/auth-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/school-admin.json';
import id from '~/locales/id/school-admin.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { SecondFactorNotice } from './second-factor-notice';

registerNamespace('school-admin', { id, en });

const user = (acr: string): SessionUser => ({
  profile: { sub: '7', acr },
  expires_at: 4_102_444_800,
});

function methodsAre(totp: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        data: {
          totp: totp ? { enrolledAt: '2026-11-27T03:00:00.000Z' } : null,
          passkeys: [],
          recoveryCodesLeft: totp ? 10 : 0,
          requiredForSchoolAdmin: true,
        },
      }),
    ),
  );
}

const render = (acr: string) =>
  renderWithProviders(<SecondFactorNotice user={user(acr)} />, {
    query: true,
    path: '/admin-sekolah/pengajuan',
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the school admin’s second-factor notice', () => {
  it('sends a password-only admin without a factor to enrol one', async () => {
    methodsAre(false);
    render(ASSURANCE_LEVELS.aal1);
    const link = await screen.findByRole('link', { name: id.secondFactor.enrol });
    expect(link.getAttribute('href')).toMatch(/^\/profile\/metode-masuk\?returnTo=/);
  });

  it('asks an admin who enrolled since signing in to sign in again, not to enrol', async () => {
    methodsAre(true);
    render(ASSURANCE_LEVELS.aal1);
    const link = await screen.findByRole('link', { name: id.secondFactor.signInAgain });
    expect(link.getAttribute('href')).toBe(
      `/auth/login?reauth=1&returnTo=${encodeURIComponent('/admin-sekolah/pengajuan')}`,
    );
    expect(screen.queryByRole('link', { name: id.secondFactor.enrol })).toBeNull();
    expect(screen.getByText(id.secondFactor.whyEnrolled)).toBeTruthy();
  });

  it('says nothing after a sign-in with a second factor', () => {
    methodsAre(true);
    const view = render(ASSURANCE_LEVELS.aal2);
    expect(view.container.textContent).toBe('');
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});
