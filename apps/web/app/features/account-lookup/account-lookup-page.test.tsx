import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/account-lookup.json';
import id from '~/locales/id/account-lookup.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import type * as UseFeature from '~/toggles/use-feature';
import { AccountLookupPage } from './account-lookup-page';

vi.mock('~/bot-check/bot-check', () => import('~/test-support/solved-bot-check'));
// A local feature (SPEC §3) changes only with the build: its value is set here per test.
const features = vi.hoisted(() => ({ accountLookup: true }));
vi.mock('~/toggles/use-feature', async (importOriginal) => ({
  ...(await importOriginal<typeof UseFeature>()),
  useFeature: (name: string) => (name === 'accountLookup' ? features.accountLookup : true),
}));

registerNamespace('account-lookup', { id, en });

const show = () => renderWithProviders(<AccountLookupPage />, { path: '/' });

// The form is a part the page loads after its first script: here it is loaded before the tests.
beforeAll(async () => {
  await import('./lookup-area');
});
afterEach(cleanup);

describe('accountLookup: the account lookup form', () => {
  it('is offered while the feature is on', () => {
    features.accountLookup = true;
    show();
    expect(screen.getByRole('group', { name: 'Jenis pengguna' })).toBeTruthy();
    expect(screen.queryByText(id.lookupOff.body)).toBeNull();
  });

  it('is replaced by a notice with the help centre while it is off', () => {
    features.accountLookup = false;
    show();
    expect(screen.queryByRole('group', { name: 'Jenis pengguna' })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain(id.lookupOff.body);
    expect(screen.getByRole('link', { name: id.lookupOff.help })).toBeTruthy();
  });
});
