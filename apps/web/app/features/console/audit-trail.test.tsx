import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import id from '~/locales/id/console.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { AuditTrail } from './audit-trail';
import './console-texts';

const saveFile = vi.hoisted(() => vi.fn());
vi.mock('~/components/save-file', () => ({ saveFile }));

const ROLES_CHANGED = {
  id: '41',
  occurredAt: '2026-11-27T03:05:00.000Z',
  actor: 'demo.admin@kemendikdasmen.go.id',
  action: 'staff.roles',
  outcome: 'done',
  before: { roles: ['reviewer'], status: 'active', secondFactor: true },
  after: { roles: [], status: 'active', secondFactor: true },
};
const ANNOUNCEMENT = {
  id: '40',
  occurredAt: '2026-11-27T03:00:00.000Z',
  actor: 'demo.pengumuman@kemendikdasmen.go.id',
  action: 'announcement',
  outcome: 'saved',
  before: null,
  after: { description: 'Libur', schedule: { startsAt: null, endsAt: null } },
};
let queries: URLSearchParams[] = [];

beforeEach(() => {
  queries = [];
  saveFile.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      queries.push(url.searchParams);
      if (url.pathname.endsWith('/console/v1/audit/export')) {
        return new Response('waktu,pelaku\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="jejak-audit.csv"',
          },
        });
      }
      return Response.json({
        data: { items: [ROLES_CHANGED, ANNOUNCEMENT], total: 60, page: 1, pageSize: 25 },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderTrail = () => renderWithProviders(<AuditTrail />, { query: true });

describe('the audit section', () => {
  it('shows each entry with who, what and when, and a change as a before and after table', async () => {
    renderTrail();
    const list = await screen.findByRole('list', { name: id.audit.caption }, { timeout: 5000 });
    const [roles, announcement] = within(list).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(roles).getByRole('heading').textContent).toContain(id.audit.actions.staff_roles);
    // 03:05 UTC is 10:05 in Jakarta.
    expect(roles.textContent).toMatch(/10[.:]05 WIB · demo\.admin@kemendikdasmen\.go\.id/);
    const table = within(roles).getByRole('table');
    const row = within(table).getByRole('row', { name: new RegExp(id.audit.fields.roles) });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([id.roles.reviewer, id.audit.emptyList]);
    expect(row.textContent).toContain(id.audit.changed);
    const same = within(table).getByRole('row', { name: new RegExp(id.audit.fields.status) });
    expect(same.textContent).not.toContain(id.audit.changed);
    // Anything deeper than plain fields reads as the JSON it is.
    const json = announcement.querySelectorAll('pre');
    expect(json).toHaveLength(2);
    expect(json[0]?.textContent).toBe(id.audit.empty);
    expect(JSON.parse(json[1]?.textContent ?? '')).toEqual(ANNOUNCEMENT.after);
    expect(screen.getByRole('navigation')).toBeTruthy();
  });

  it('reads in words: labels for actions, outcomes, fields and values, WIB, hashes masked', async () => {
    const hash = 'a1b2c3d4'.repeat(8);
    const platform = {
      id: '42',
      occurredAt: '2026-11-27T17:30:00.000Z',
      actor: 'cli:operator',
      action: 'platform',
      outcome: 'updated',
      before: { contactEmail: hash, disabled: false, updatedAt: '2026-11-26T01:00:00.000Z' },
      after: { contactEmail: hash, disabled: true, updatedAt: '2026-11-27T17:30:00.000Z' },
    };
    vi.mocked(fetch).mockImplementation(async () =>
      Response.json({
        data: { items: [ROLES_CHANGED, platform], total: 2, page: 1, pageSize: 25 },
      }),
    );
    renderTrail();
    const list = await screen.findByRole('list', { name: id.audit.caption }, { timeout: 5000 });
    const [roles, entry] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(roles.textContent).toContain(`hasil: ${id.audit.outcomes.done}`);
    expect(within(entry).getByRole('heading').textContent).toBe(id.audit.actions.platform);
    // 17:30 UTC is half past midnight the next day in Jakarta.
    expect(entry.textContent).toMatch(/28 Nov 2026.*00[.:]30 WIB · Perintah baris \(operator\)/);
    expect(entry.textContent).toContain(`hasil: ${id.audit.outcomes.updated}`);
    const text = entry.textContent ?? '';
    for (const raw of ['contactEmail', 'updatedAt', 'disabled', hash, 'T17:30', 'cli:']) {
      expect(text).not.toContain(raw);
    }
    const contact = within(entry).getByRole('row', {
      name: new RegExp(id.audit.fields.contactEmail),
    });
    expect(contact.textContent).toContain('disamarkan (sidik a1b2c3d4)');
    expect(text).toMatch(/26 Nov 2026.*08[.:]00 WIB/);
    // The filter offers every action the trail shows, the platforms' among them.
    const options = [...(screen.getByLabelText(id.audit.action) as HTMLSelectElement).options];
    expect(options.map((option) => option.textContent)).toContain(id.audit.actions.platform);
    expect(options.every((option) => !/^[a-z.-]+$/.test(option.textContent ?? ''))).toBe(true);
  });

  it('sends the filter by person, action and days, and pages through the result', async () => {
    renderTrail();
    await screen.findByRole('list', { name: id.audit.caption }, { timeout: 5000 });
    expect(Object.fromEntries(queries.at(-1)!)).toEqual({ page: '1' });
    fireEvent.change(screen.getByLabelText(id.audit.actor), {
      target: { value: 'demo.admin@kemendikdasmen.go.id' },
    });
    fireEvent.change(screen.getByLabelText(id.audit.action), { target: { value: 'staff.roles' } });
    fireEvent.change(screen.getByLabelText(id.audit.from), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(id.audit.to), { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: id.audit.apply }));
    const filtered = {
      actor: 'demo.admin@kemendikdasmen.go.id',
      action: 'staff.roles',
      from: '2026-11-01',
      to: '2026-11-30',
    };
    await vi.waitFor(() =>
      expect(Object.fromEntries(queries.at(-1)!)).toEqual({ ...filtered, page: '1' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Berikutnya|Next/ }));
    await vi.waitFor(() =>
      expect(Object.fromEntries(queries.at(-1)!)).toEqual({ ...filtered, page: '2' }),
    );
    // The person's address stays out of the page's own address.
    expect(window.location.href).not.toContain('demo.admin');
  });

  it('downloads the filter as CSV through the API client, under the name the API gives', async () => {
    renderTrail();
    await screen.findByRole('list', { name: id.audit.caption }, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText(id.audit.action), { target: { value: 'staff.roles' } });
    fireEvent.click(screen.getByRole('button', { name: id.audit.apply }));
    fireEvent.click(screen.getByRole('button', { name: id.audit.export }));
    await vi.waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, name] = saveFile.mock.calls[0] as [Blob, string];
    expect(name).toBe('jejak-audit.csv');
    expect(await blob.text()).toBe('waktu,pelaku\n');
    const exported = vi
      .mocked(fetch)
      .mock.calls.map(([input, init]) => ({ url: String(input), init }))
      .find(({ url }) => url.includes('/audit/export'));
    expect(new URL(exported!.url, 'http://localhost').searchParams.get('action')).toBe(
      'staff.roles',
    );
    // The portal's session cookie goes with it; the page holds no token to send.
    expect(exported!.init?.credentials).toBe('same-origin');
    expect(exported!.init?.headers as Record<string, string>).not.toHaveProperty('authorization');
  });
});
