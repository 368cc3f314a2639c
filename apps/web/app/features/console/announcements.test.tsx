import { ANNOUNCEMENT_MESSAGES, type AnnouncementItem } from '@portal/contracts/announcements';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/console.json';
import id from '~/locales/id/console.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { startFeatureToggles } from '~/toggles/feature-toggles';
import { Announcements } from './announcements';

registerNamespace('console', { id, en });

const ITEM: AnnouncementItem = {
  id: '3',
  description:
    'Pusat Bantuan **tutup** pada hari libur. [Jadwal layanan](https://example.org/jadwal) <img src=x onerror="alert(1)">',
  isActive: false,
  startsAt: null,
  endsAt: null,
  createdAt: '2026-11-20T03:00:00.000Z',
  updatedAt: '2026-11-20T03:00:00.000Z',
  state: 'inactive',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the console’s announcement list', () => {
  it('shows each announcement as the bar does: Markdown rendered and sanitised', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: { items: [ITEM] } })),
    );
    renderWithProviders(<Announcements />, { query: true });
    const item = await screen.findByRole('listitem', {}, { timeout: 5000 });
    expect(within(item).getByText('tutup').tagName).toBe('STRONG');
    const link = within(item).getByRole('link', { name: 'Jadwal layanan' });
    expect(link.getAttribute('href')).toBe('https://example.org/jadwal');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(item.textContent).not.toContain('**');
    expect(item.innerHTML).not.toMatch(/<img|onerror/);
  });
});

describe('what the announcer is told of the public site', () => {
  const ACTIVE: AnnouncementItem = { ...ITEM, isActive: true, state: 'active' };
  const serverToggles = (toggles: Record<string, boolean>) =>
    startFeatureToggles(
      vi.fn(async () => Response.json({ toggles, settings: {} })) as unknown as typeof fetch,
    );

  it('says an active announcement does not show while the bar is switched off', async () => {
    await serverToggles({ TEST_ANNOUNCEMENT_BAR: false, API_ANNOUNCEMENT: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: { items: [ACTIVE, { ...ITEM, id: '4' }] } })),
    );
    renderWithProviders(<Announcements />, { query: true });
    const item = await screen.findByText(id.announcements.public.item.hidden, undefined, {
      timeout: 5000,
    });
    expect(item.closest('li')?.textContent).toContain(id.announcements.active);
    expect(screen.getByText(id.announcements.public.barOff)).toBeTruthy();
    expect(screen.queryByText(id.announcements.public.item.shown)).toBeNull();

    screen.getAllByRole('button', { name: id.announcements.activate })[0]!.click();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(id.announcements.confirmActivateHidden);
    expect(dialog.textContent).not.toContain(id.announcements.confirmActivateText);
  });

  it('names the one announcement the public sees while the bar is on', async () => {
    await serverToggles({ TEST_ANNOUNCEMENT_BAR: true, API_ANNOUNCEMENT: true });
    const newer = { ...ACTIVE, id: '5', updatedAt: '2026-11-21T03:00:00.000Z' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: { items: [ACTIVE, newer] } })),
    );
    renderWithProviders(<Announcements />, { query: true });
    const shown = await screen.findByText(id.announcements.public.item.shown, undefined, {
      timeout: 5000,
    });
    expect(shown.closest('li')?.querySelector('#announcement-5')).toBeTruthy();
    expect(screen.getByText(id.announcements.public.item.waiting)).toBeTruthy();
    expect(screen.getByText(id.announcements.public.shows)).toBeTruthy();
  });
});

describe('writing an announcement', () => {
  /** The list is empty; a save answers `saved`, or counts as a call not to be made. */
  const serve = (saved?: Response) => {
    const posts = vi.fn(() => saved ?? Response.json({ data: ITEM }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'POST' ? posts() : Response.json({ data: { items: [] } }),
      ),
    );
    renderWithProviders(<Announcements />, { query: true });
    return posts;
  };
  const field = (label: string) => screen.getByLabelText(label);
  const errorOf = (label: string) =>
    document.getElementById(field(label).getAttribute('aria-describedby') ?? '')?.textContent;
  const saveButton = () => screen.getByRole('button', { name: id.announcements.save });

  it('checks the text before any call, as the API does, and takes the person to it', async () => {
    const posts = serve();
    fireEvent.change(field(id.announcements.description), { target: { value: '   ' } });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(errorOf(id.announcements.description)).toBe(ANNOUNCEMENT_MESSAGES.descriptionRequired),
    );
    expect(field(id.announcements.description).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field(id.announcements.description)));
    expect(posts).not.toHaveBeenCalled();
  });

  it('refuses an end before the start on the end’s field, before any call', async () => {
    const posts = serve();
    fireEvent.change(field(id.announcements.description), { target: { value: 'Libur.' } });
    fireEvent.change(field(id.announcements.startsAt), { target: { value: '2026-12-02T08:00' } });
    fireEvent.change(field(id.announcements.endsAt), { target: { value: '2026-12-01T08:00' } });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(errorOf(id.announcements.endsAt)).toBe(ANNOUNCEMENT_MESSAGES.endBeforeStart),
    );
    expect(field(id.announcements.startsAt).getAttribute('aria-invalid')).toBeNull();
    expect(posts).not.toHaveBeenCalled();
  });

  it('sends the schedule in WIB and shows the API’s refusal under its field', async () => {
    const refusal = 'Waktu mulai sudah lewat.';
    const posts = serve(
      Response.json(
        {
          message: refusal,
          error: { code: 'BAD_REQUEST', id: 'validation_failed', message: refusal },
          errors: [{ field: 'startsAt', message: refusal }],
        },
        { status: 400 },
      ),
    );
    fireEvent.change(field(id.announcements.description), { target: { value: 'Libur.' } });
    fireEvent.change(field(id.announcements.startsAt), { target: { value: '2026-12-02T08:00' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(errorOf(id.announcements.startsAt)).toBe(refusal));
    expect(posts).toHaveBeenCalledOnce();
    const [, init] = vi.mocked(fetch).mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      description: 'Libur.',
      startsAt: '2026-12-02T01:00:00.000Z',
      endsAt: null,
    });
  });
});
