import type { AnnouncementItem } from '@portal/contracts/announcements';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/console.json';
import id from '~/locales/id/console.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
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
    renderWithProviders(<Announcements token="staff-token" />, { query: true });
    const item = await screen.findByRole('listitem', {}, { timeout: 5000 });
    expect(within(item).getByText('tutup').tagName).toBe('STRONG');
    const link = within(item).getByRole('link', { name: 'Jadwal layanan' });
    expect(link.getAttribute('href')).toBe('https://example.org/jadwal');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(item.textContent).not.toContain('**');
    expect(item.innerHTML).not.toMatch(/<img|onerror/);
  });
});
