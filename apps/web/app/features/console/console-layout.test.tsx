import type { StaffRole } from '@portal/contracts/staff';
import { sectionsOf } from '@portal/contracts/staff';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { changeLanguage } from '~/i18n/i18n';
import en from '~/locales/en/console.json';
import id from '~/locales/id/console.json';
import serverEn from '~/locales/en/server.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { ConsoleHomePage } from './console-home-page';
import { ConsoleShell } from './console-layout';
import { FeatureTogglesPage } from './feature-toggles';
import { OfficeRequestsPage } from './office-requests';
import { StaffPage } from './staff-list';

const EMAIL = 'demo.peninjau@kemendikdasmen.go.id';
let roles: StaffRole[] = [];
let selfCalls = 0;
let officeReply: () => Response;

const me = () => Response.json({ data: { email: EMAIL, roles, sections: sectionsOf(roles) } });

beforeEach(() => {
  roles = [];
  selfCalls = 0;
  officeReply = () => Response.json({ data: { items: [], total: 0, page: 1, pageSize: 25 } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path.endsWith('/console/v1/me')) {
        selfCalls += 1;
        return me();
      }
      if (path.endsWith('/console/v1/office-requests')) return officeReply();
      if (path.endsWith('/console/v1/staff')) return Response.json({ data: { items: [] } });
      if (path.endsWith('/console/v1/feature-toggles')) {
        return Response.json({ data: { toggles: [], settings: [], changes: [] } });
      }
      return Response.json({ provinces: [] });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('id');
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderConsole(path: string) {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/konsol" element={<ConsoleShell />}>
          <Route index element={<ConsoleHomePage />} />
          <Route path="pengajuan-dinas" element={<OfficeRequestsPage />} />
          <Route path="fitur" element={<FeatureTogglesPage />} />
          <Route path="staf" element={<StaffPage />} />
        </Route>
      </Routes>
      <Where />
    </>,
    { path, query: true },
  );
}

const nav = (name = id.nav.label) => screen.findByRole('navigation', { name }, { timeout: 5000 });

describe('the console by roles', () => {
  it('shows the member, their roles by name and only the sections those open', async () => {
    roles = ['reviewer', 'staff-admin'];
    renderConsole('/konsol/staf');
    const links = within(await nav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      id.sections['office-requests'],
      id.sections.staff,
      id.sections.audit,
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/konsol/pengajuan-dinas',
      '/konsol/staf',
      '/konsol/audit',
    ]);
    // The page shown is marked in the navigation, and only it.
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, 'page', null]);
    expect(screen.getByText(id.bar.signedInAs.replace('{{email}}', EMAIL))).toBeTruthy();
    expect(
      screen.getByText(
        id.bar.roles.replace('{{roles}}', `${id.roles.reviewer}, ${id.roles['staff-admin']}`),
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: id.bar.signOut })).toBeTruthy();
  });

  it('names roles and sections in English for an English reader', async () => {
    await changeLanguage('en');
    roles = ['operator'];
    renderConsole('/konsol/fitur');
    const links = within(await nav(en.nav.label)).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([en.sections.toggles]);
    expect(screen.getByText(en.bar.roles.replace('{{roles}}', en.roles.operator))).toBeTruthy();
    // The English catalogue loads on the first switch.
  }, 20_000);

  it('opens the list below md with a disclosure button that Escape closes', async () => {
    roles = ['reviewer', 'operator'];
    renderConsole('/konsol/fitur');
    const menu = await screen.findByRole(
      'button',
      { name: id.nav.current.replace('{{section}}', id.sections.toggles) },
      { timeout: 5000 },
    );
    const list = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(list?.className).toMatch(/(^| )hidden( |$)/);
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(list?.className).not.toMatch(/(^| )hidden( |$)/);
    fireEvent.keyDown(within(list!).getAllByRole('link')[0]!, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });

  it('lands /konsol on the first section the member may open', async () => {
    roles = ['operator', 'auditor'];
    renderConsole('/konsol');
    await screen.findByRole('heading', { level: 1, name: id.toggles.title }, { timeout: 5000 });
    expect(screen.getByTestId('where').textContent).toBe('/konsol/fitur');
  });

  it('tells a member without roles that there is no section yet, with no navigation', async () => {
    renderConsole('/konsol');
    await screen.findByText(id.home.noSections, undefined, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: id.title })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByText(id.bar.noRoles)).toBeTruthy();
  });

  it('refuses a section outside the roles with a clear message, not a broken page', async () => {
    roles = ['reviewer'];
    renderConsole('/konsol/fitur');
    await screen.findByRole('heading', { level: 1, name: id.sections.toggles }, { timeout: 5000 });
    expect(screen.getByRole('alert').textContent).toContain(id.notYourSection.title);
    // The refused section's calls are not even made.
    const calls = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(calls.some((url) => url.includes('feature-toggles'))).toBe(false);
  });

  it('follows a role withdrawn meanwhile: the next refused call reads the member again', async () => {
    roles = ['reviewer'];
    renderConsole('/konsol/pengajuan-dinas');
    await screen.findByRole('heading', { level: 1, name: id.requests.title }, { timeout: 5000 });
    expect(selfCalls).toBe(1);
    roles = [];
    officeReply = () =>
      Response.json(
        {
          message: serverEn.errors.staff_role_missing,
          error: { code: 'FORBIDDEN', id: 'staff_role_missing', message: 'x' },
          errors: [],
        },
        { status: 403 },
      );
    fireEvent.change(screen.getByLabelText(id.requests.status), { target: { value: 'approved' } });
    fireEvent.click(screen.getByRole('button', { name: id.requests.apply }));
    // Another filter: the list is asked for again, refused, and the member read again.
    await screen.findByText(id.notYourSection.title, undefined, { timeout: 5000 });
    expect(selfCalls).toBe(2);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('tells an account that is not staff that the console is not for it', async () => {
    vi.mocked(fetch).mockImplementation(async () =>
      Response.json(
        { message: 'x', error: { code: 'FORBIDDEN', id: 'forbidden', message: 'x' }, errors: [] },
        { status: 403 },
      ),
    );
    renderConsole('/konsol');
    await screen.findByRole('button', { name: id.switchAccount }, { timeout: 5000 });
    expect(screen.getByRole('alert').textContent).toContain(id.staffOnly.split('{{')[0]);
  });
});
