import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnnouncementBar } from '~/announcements/announcement-bar';
import { changeLanguage } from '~/i18n/i18n';
import { startFeatureToggles } from '~/toggles/feature-toggles';
import { renderWithProviders } from '~/test-support/render-with-providers';

let narrow = false;
let listed: unknown[] = [];
// A plain answer rather than a Response: its body is read in microtasks, which fake timers drive.
const fetchMock = vi.fn((url: string) =>
  Promise.resolve({
    ok: true,
    json: () =>
      Promise.resolve(
        url.includes('cms-client')
          ? { data: listed }
          : { toggles: {}, settings: {}, fetchedAt: '' },
      ),
  }),
);

const announcement = (updatedAt: string) => ({
  id: '7',
  description: 'Layanan **libur** [info](https://example.org)',
  is_active: true,
  start_at: null,
  end_at: null,
  updated_at: updatedAt,
});

beforeAll(async () => {
  // The bar's chunk, loaded before the clock is faked, as a browser would have it cached.
  await import('~/announcements/announcement-loader');
});
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width') ? narrow : false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  // As a browser does, the observer reports the size once it starts observing.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: () => void) {}
      observe() {
        this.report();
      }
      disconnect() {}
    },
  );
  narrow = false;
  listed = [announcement('2026-11-29T00:00:00.000Z')];
  window.localStorage.clear();
  window.history.replaceState(null, '', '/?features=TEST_ANNOUNCEMENT_BAR');
  await startFeatureToggles(fetchMock as unknown as typeof fetch);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const region = () => screen.queryByRole('region', { name: 'Pengumuman' });
const marked = () => document.documentElement.classList.contains('has-announcement');

async function mountBar() {
  const view = renderWithProviders(<AnnouncementBar />);
  // The chunk and the list load at once; the bar waits for the delay of SPEC §9.
  await act(() => vi.advanceTimersByTimeAsync(1900));
  return view;
}

describe('the announcement bar', () => {
  it('keeps a field focused before it came up clear of it', async () => {
    const scrollBy = vi.fn();
    vi.stubGlobal('scrollBy', scrollBy);
    const offsetHeight = vi
      .spyOn(HTMLElement.prototype, 'offsetHeight', 'get')
      .mockImplementation(function (this: HTMLElement) {
        return this.getAttribute('role') === 'region' ? 120 : 0;
      });
    renderWithProviders(
      <>
        <input aria-label="Nama ibu kandung" />
        <AnnouncementBar />
      </>,
    );
    const field = screen.getByRole('textbox', { name: 'Nama ibu kandung' });
    field.getBoundingClientRect = () => ({ top: 700, bottom: 744 }) as DOMRect;
    field.focus();
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(region()).not.toBeNull();
    // The bar rests 120 px tall at the bottom of a 768 px window: the field, 44 px above that
    // bottom, scrolls up by what the bar covers plus the focus ring's room.
    expect(scrollBy).toHaveBeenCalledWith({ top: 744 - (768 - 120) + 8, behavior: 'instant' });
    offsetHeight.mockRestore();
  });

  it('says in English that the announcement is in Indonesian, and marks it so', async () => {
    await changeLanguage('en');
    try {
      await mountBar();
      await act(() => vi.advanceTimersByTimeAsync(200));
      const shown = screen.getByRole('region', { name: 'Announcement' });
      expect(shown.textContent).toContain('In Indonesian');
      expect(shown.querySelector('strong')?.closest('[lang]')?.getAttribute('lang')).toBe('id');
    } finally {
      await changeLanguage('id');
    }
  });

  it('appears two seconds after its toggle, with the marker, and its close button dismisses it for good', async () => {
    const view = await mountBar();
    expect(region()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(region()).not.toBeNull();
    expect(region()?.querySelector('strong')?.textContent).toBe('libur');
    expect(marked()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Tutup pengumuman' }));
    expect(region()).toBeNull();
    expect(marked()).toBe(false);

    view.unmount();
    await mountBar();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(region()).toBeNull();
  });

  it('shows a changed announcement again', async () => {
    window.localStorage.setItem(
      'portal.announcementsDismissed',
      JSON.stringify(['server:7@2026-11-28T00:00:00.000Z']),
    );
    await mountBar();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(region()).not.toBeNull();
  });

  it('is dismissed on a small screen by a tap off the sheet, which still reaches what it tapped, or by Escape', async () => {
    narrow = true;
    const menu = vi.fn();
    const view = renderWithProviders(
      <>
        <button type="button" onClick={menu}>
          Menu
        </button>
        <AnnouncementBar />
      </>,
    );
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(region()).not.toBeNull();
    const button = screen.getByRole('button', { name: 'Menu' });
    fireEvent.pointerDown(button);
    fireEvent.click(button);
    expect(region()).toBeNull();
    expect(menu).toHaveBeenCalledTimes(1);
    // The dimmed page only dims: it takes no tap for itself.
    view.unmount();

    view.unmount();
    listed = [announcement('2026-11-30T00:00:00.000Z')];
    await mountBar();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(region()).not.toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(region()).toBeNull();
  });

  it('stays hidden without an active announcement, or with its toggle off', async () => {
    listed = [{ ...announcement('2026-11-29T00:00:00.000Z'), is_active: false }];
    const view = await mountBar();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(region()).toBeNull();
    view.unmount();

    listed = [announcement('2026-11-29T00:00:00.000Z')];
    // An empty parameter resets the session's overrides (decision 0248).
    window.history.replaceState(null, '', '/?features=');
    await startFeatureToggles(fetchMock as unknown as typeof fetch);
    await mountBar();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(region()).toBeNull();
  });
});
