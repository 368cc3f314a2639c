import type { ApiErrorBody } from '@portal/contracts/api-error';
import { PLATFORM_MESSAGES, type ConnectedPlatform } from '@portal/contracts/platforms';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SessionUser } from '~/auth/auth-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '~/i18n/i18n';
import en from '~/locales/en/connected-platforms.json';
import serverEn from '~/locales/en/server.json';
import id from '~/locales/id/connected-platforms.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { Route, Routes } from 'react-router';
import { ProfileLayout } from '../profile-layout';
import { ConnectedPlatformsPage } from './connected-platforms-page';

const user: SessionUser = { profile: { sub: '7' }, expires_at: 4_102_444_800 };
vi.mock('~/auth/use-session', () => ({
  useSession: () => ({ status: 'authenticated', user }),
}));

let connected: ConnectedPlatform[] = [];
let calls: { method: string; path: string }[] = [];
let refuse = false;

beforeEach(() => {
  connected = [
    {
      clientId: 'rapor-pendidikan',
      name: 'Rapor Pendidikan',
      logoUri: null,
      scopes: ['profile', 'schools'],
      // 20:00 UTC is the next day in Jakarta.
      connectedAt: '2026-11-20T20:00:00.000Z',
    },
    {
      clientId: 'siplah',
      name: 'SIPLah',
      logoUri: 'https://siplah.example/logo.png',
      scopes: [],
      connectedAt: '2026-10-01T03:00:00.000Z',
    },
  ];
  calls = [];
  refuse = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/[\w-]+/, '');
      const method = init?.method ?? 'GET';
      calls.push({ method, path });
      if (method === 'GET' && path === '/profile/v1/connected-platforms') {
        return Response.json({ data: { items: connected } });
      }
      const withdrawn = /^\/profile\/v1\/connected-platforms\/([\w-]+)$/.exec(path)?.[1];
      if (method === 'DELETE' && withdrawn) {
        if (refuse) {
          const message = PLATFORM_MESSAGES.connectedNotFound;
          return Response.json(
            {
              message,
              error: { code: 'NOT_FOUND', id: 'platform_not_connected', message },
              errors: [{ field: '', message }],
            } satisfies ApiErrorBody,
            { status: 404 },
          );
        }
        connected = connected.filter((item) => item.clientId !== withdrawn);
        return new Response(null, { status: 204 });
      }
      return Response.json({}, { status: 500 });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('id');
});

const show = () =>
  renderWithProviders(
    <Routes>
      <Route path="/profile" element={<ProfileLayout />}>
        <Route path="platform-terhubung" element={<ConnectedPlatformsPage />} />
      </Route>
    </Routes>,
    { path: '/profile/platform-terhubung' },
  );

describe('the connected platforms', () => {
  it('lists each platform with what it receives and since when, as a section of the profile', async () => {
    show();
    const menu = screen.getByRole('navigation', { name: 'Bagian profil' });
    expect(menu.querySelector('[aria-current="page"]')?.getAttribute('href')).toBe(
      '/profile/platform-terhubung',
    );
    const list = await screen.findByRole('list', { name: id.title }, { timeout: 5000 });
    const [rapor, siplah] = Array.from(list.children) as [HTMLElement, HTMLElement];
    expect(within(rapor).getByRole('heading', { level: 2 }).textContent).toBe('Rapor Pendidikan');
    expect(rapor.textContent).toContain(id.scopes.profile);
    expect(rapor.textContent).toContain(id.scopes.schools);
    expect(rapor.textContent).not.toContain(id.scopes.email);
    expect(rapor.querySelector('time')?.textContent).toBe('21 November 2026');
    // Without a scope beyond openid, it receives only that the person signed in.
    expect(siplah.textContent).toContain(id.scopes.openid);
    expect(siplah.textContent).not.toContain(id.scopes.profile);
    const logo = siplah.querySelector('img');
    expect(logo?.getAttribute('src')).toBe('https://siplah.example/logo.png');
    expect(logo?.getAttribute('alt')).toBe('');
  });

  it('withdraws a platform’s access only after asking, then lists the rest', async () => {
    show();
    const button = await screen.findByRole(
      'button',
      { name: id.withdraw.replace('{{name}}', 'Rapor Pendidikan') },
      { timeout: 5000 },
    );
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', {
      name: id.confirmTitle.replace('{{name}}', 'Rapor Pendidikan'),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: id.confirmNo }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    fireEvent.click(button);
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: id.confirmYes }),
    );
    const note = await screen.findByText(id.withdrawn.replace('{{name}}', 'Rapor Pendidikan'));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/profile/v1/connected-platforms/rapor-pendidikan' },
    ]);
    await vi.waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Rapor Pendidikan' })).toBeNull(),
    );
    screen.getByRole('heading', { name: 'SIPLah' });
    await vi.waitFor(() => expect(document.activeElement).toBe(note));
  });

  it('speaks English, and shows a refusal in the dialog', async () => {
    await changeLanguage('en');
    refuse = true;
    show();
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: en.withdraw.replace('{{name}}', 'SIPLah') },
        { timeout: 5000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', {
      name: en.confirmTitle.replace('{{name}}', 'SIPLah'),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: en.confirmYes }));
    await within(dialog).findByText(serverEn.errors.platform_not_connected);
    expect(screen.getAllByText(en.scopes.openid)).toHaveLength(2);
  });

  it('says when nothing is connected', async () => {
    connected = [];
    show();
    await screen.findByText(id.none, undefined, { timeout: 5000 });
  });
});
