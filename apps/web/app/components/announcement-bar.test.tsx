import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnnouncementBar } from '~/components/announcement-bar';
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
  await import('~/components/announcement-loader');
});
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width') ? narrow : false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
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

  it('is dismissed on a small screen by tapping the overlay or by Escape', async () => {
    narrow = true;
    const view = await mountBar();
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.click(screen.getByTestId('announcement-overlay'));
    expect(region()).toBeNull();

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
