import type { AnnouncementItem } from '@portal/contracts/announcements';
import { cleanup, screen, within } from '@testing-library/react';
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
