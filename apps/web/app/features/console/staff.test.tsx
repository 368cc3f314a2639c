import type { ApiErrorBody, ErrorId } from '@portal/contracts/api-error';
import { STAFF_MESSAGES, type StaffMember } from '@portal/contracts/staff';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { changeLanguage } from '~/i18n/i18n';
import en from '~/locales/en/console.json';
import id from '~/locales/id/console.json';
import serverEn from '~/locales/en/server.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import './console-texts';
import { StaffList } from './staff-list';
import { StaffMemberDetail } from './staff-member';

const ADMIN = 'demo.admin@kemendikdasmen.go.id';
const member = (change: Partial<StaffMember>): StaffMember => ({
  id: '2',
  email: 'demo.peninjau@kemendikdasmen.go.id',
  roles: ['reviewer'],
  status: 'active',
  secondFactor: true,
  lastSignInAt: '2026-11-27T02:30:00.000Z',
  createdAt: '2026-11-01T02:30:00.000Z',
  ...change,
});
let staff: StaffMember[] = [];
let calls: { method: string; path: string; body: unknown }[] = [];
let answer: (method: string, path: string) => Response | undefined;

const failure = (status: number, errorId: ErrorId, message: string, field?: string) =>
  Response.json(
    {
      message,
      error: { code: status === 409 ? 'CONFLICT' : 'BAD_REQUEST', id: errorId, message },
      errors: field ? [{ field, message }] : [],
    } satisfies ApiErrorBody,
    { status },
  );

beforeEach(() => {
  staff = [
    member({ id: '1', email: ADMIN, roles: ['staff-admin'] }),
    member({}),
    member({
      id: '3',
      email: 'baru@kemendikdasmen.go.id',
      roles: [],
      status: 'invited',
      secondFactor: false,
      lastSignInAt: null,
    }),
  ];
  calls = [];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/[\w-]+/, '');
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const given = answer(method, path);
      if (given) return given;
      if (path === '/console/v1/staff' && method === 'GET') {
        return Response.json({ data: { items: staff } });
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

const renderList = () =>
  renderWithProviders(
    <StaffList self={{ email: ADMIN, roles: ['staff-admin'], sections: ['staff', 'audit'] }} />,
    { query: true, path: '/konsol/staf' },
  );

const renderMember = (memberId: string) =>
  renderWithProviders(
    <Routes>
      <Route
        path="/konsol/staf/:id"
        element={<StaffMemberDetail id={memberId} selfEmail={ADMIN} />}
      />
    </Routes>,
    { query: true, path: `/konsol/staf/${memberId}` },
  );

describe('the staff section', () => {
  it('lists each member with roles, status, second factor and last sign-in; no way to change oneself', async () => {
    renderList();
    const list = await screen.findByRole('list', { name: id.staff.listTitle }, { timeout: 5000 });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [own, reviewer, invited] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(reviewer.textContent).toContain(id.roles.reviewer);
    expect(reviewer.textContent).toContain(id.staff.statuses.active);
    expect(reviewer.textContent).toContain(id.staff.enrolled);
    // 02:30 UTC is 09:30 in Jakarta.
    expect(reviewer.textContent).toMatch(/09[.:]30 WIB/);
    expect(invited.textContent).toContain(id.staff.statuses.invited);
    expect(invited.textContent).toContain(id.staff.never);
    expect(invited.textContent).toContain(id.staff.noRoles);
    expect(within(reviewer).getByRole('link').getAttribute('href')).toBe('/konsol/staf/2');
    expect(within(own).queryByRole('link')).toBeNull();
    expect(within(own).queryByRole('button')).toBeNull();
    expect(own.textContent).toContain(`(${id.staff.you})`);
  });

  it('filters the list by status and by role', async () => {
    renderList();
    const list = await screen.findByRole('list', { name: id.staff.listTitle }, { timeout: 5000 });
    await within(list).findAllByRole('listitem');
    fireEvent.change(screen.getByLabelText(id.staff.status), { target: { value: 'invited' } });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('h3')?.textContent),
    ).toEqual(['baru@kemendikdasmen.go.id']);
    fireEvent.change(screen.getByLabelText(id.staff.status), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(id.staff.role), { target: { value: 'reviewer' } });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('invites an address with the roles ticked, and says so', async () => {
    answer = (method, path) =>
      method === 'POST' && path === '/console/v1/staff'
        ? Response.json(
            { data: member({ id: '9', email: 'dewi@kemendikdasmen.go.id', status: 'invited' }) },
            { status: 201 },
          )
        : undefined;
    renderList();
    await screen.findAllByRole('link', undefined, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText(id.staff.email), {
      target: { value: ' Dewi@Kemendikdasmen.go.id ' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(id.roles.reviewer) }));
    fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(id.roles.auditor) }));
    fireEvent.click(screen.getByRole('button', { name: id.staff.invite }));
    await screen.findByText(/Undangan dikirim ke dewi@kemendikdasmen.go.id/);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'dewi@kemendikdasmen.go.id',
      roles: ['reviewer', 'auditor'],
    });
  });

  it('shows every refusal of an invitation in the reader’s language, on the field it concerns', async () => {
    await changeLanguage('en');
    answer = (method) =>
      method === 'POST'
        ? failure(400, 'validation_failed', STAFF_MESSAGES.addressNotStaff, 'email')
        : undefined;
    renderList();
    await screen.findAllByRole('link', undefined, { timeout: 5000 });
    const address = screen.getByLabelText(en.staff.email);
    fireEvent.change(address, { target: { value: 'dewi@gmail.com' } });
    fireEvent.click(screen.getByRole('button', { name: en.staff.invite }));
    await screen.findByText(serverEn.staff.addressNotStaff);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    answer = (method) =>
      method === 'POST' ? failure(409, 'staff_exists', STAFF_MESSAGES.staffExists) : undefined;
    fireEvent.change(address, { target: { value: 'demo.admin@kemendikdasmen.go.id' } });
    fireEvent.click(screen.getByRole('button', { name: en.staff.invite }));
    await screen.findByText(serverEn.errors.staff_exists);
  }, 20_000);

  it('changes another member’s roles, and disables them only after a confirmation', async () => {
    answer = (method, path) => {
      if (method === 'PUT' && path === '/console/v1/staff/2/roles') {
        staff = staff.map((item) =>
          item.id === '2' ? { ...item, roles: ['reviewer', 'analyst'] } : item,
        );
        return Response.json({ data: staff[1] });
      }
      if (method === 'POST' && path === '/console/v1/staff/2/disable') {
        staff = staff.map((item) => (item.id === '2' ? { ...item, status: 'disabled' } : item));
        return Response.json({ data: staff[1] });
      }
      return undefined;
    };
    renderMember('2');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'demo.peninjau@kemendikdasmen.go.id' },
      { timeout: 5000 },
    );
    const save = screen.getByRole('button', { name: id.staff.saveRoles });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(id.roles.analyst) }));
    fireEvent.click(save);
    await screen.findByText(id.staff.rolesSaved);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      roles: ['reviewer', 'analyst'],
    });

    fireEvent.click(screen.getByRole('button', { name: id.staff.disable }));
    const dialog = await screen.findByRole('dialog', {
      name: id.staff.confirmDisable.replace('{{email}}', 'demo.peninjau@kemendikdasmen.go.id'),
    });
    expect(calls.some((call) => call.path.endsWith('/disable'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: id.staff.yesDisable }));
    await screen.findByText(id.staff.disabledNote);
    expect(calls.filter((call) => call.path.endsWith('/disable'))).toHaveLength(1);
    // Disabled now: the way back is to enable.
    await screen.findByRole('button', { name: id.staff.enable });
  });

  it('shows the API’s refusal in the confirmation, localised (the last staff admin)', async () => {
    await changeLanguage('en');
    answer = (method, path) =>
      method === 'POST' && path.endsWith('/second-factor/reset')
        ? failure(409, 'staff_last_admin', STAFF_MESSAGES.lastStaffAdmin)
        : undefined;
    renderMember('2');
    fireEvent.click(
      await screen.findByRole('button', { name: en.staff.resetSecondFactor }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: en.staff.yesReset }));
    await within(dialog).findByText(serverEn.errors.staff_last_admin);
  }, 20_000);

  it('offers a new invitation link only while the invitation is unused', async () => {
    answer = (method, path) =>
      method === 'POST' && path === '/console/v1/staff/3/invitation'
        ? Response.json({ data: staff[2] })
        : undefined;
    renderMember('3');
    fireEvent.click(
      await screen.findByRole('button', { name: id.staff.resend }, { timeout: 5000 }),
    );
    await screen.findByText(id.staff.resentNote);
    expect(screen.queryByRole('button', { name: id.staff.resetSecondFactor })).toBeNull();
    cleanup();
    renderMember('2');
    await screen.findByRole('button', { name: id.staff.disable }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: id.staff.resend })).toBeNull();
  });

  it('shows one’s own page without a single button that would change it', async () => {
    renderMember('1');
    await screen.findByText(id.staff.self, undefined, { timeout: 5000 });
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });
});
