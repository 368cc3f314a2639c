import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from './use-session';

function Probe() {
  const session = useSession();
  return (
    <p>
      {session.status === 'authenticated'
        ? `authenticated ${session.user.profile.sub}`
        : session.status}
    </p>
  );
}

const answer = (data: unknown) =>
  new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A fresh module each time: the page asks the server once per load. */
async function renderProbe() {
  const { useSession: fresh } = await import('./use-session');
  function FreshProbe() {
    const session = fresh();
    return (
      <p>
        {session.status === 'authenticated'
          ? `authenticated ${session.user.profile.sub}`
          : session.status}
      </p>
    );
  }
  render(<FreshProbe />);
}

describe('useSession', () => {
  it('asks the server who is signed in, with the cookie and no token', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(answer({ profile: { sub: '7' }, expires_at: Date.now() / 1000 + 600 })),
    );
    vi.stubGlobal('fetch', fetch);
    await renderProbe();
    expect(screen.getByText('unchecked')).toBeTruthy();
    await screen.findByText('authenticated 7');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/auth/session');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers as Record<string, string>).not.toHaveProperty('authorization');
  });

  it('is anonymous when nobody is signed in, or the server cannot be asked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(null))),
    );
    await renderProbe();
    await screen.findByText('anonymous');
    cleanup();
    vi.resetModules();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await renderProbe();
    await screen.findByText('anonymous');
  });

  it("ends when the portal's session ends", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(answer({ profile: { sub: '7' }, expires_at: Date.now() / 1000 + 60 })),
      ),
    );
    await renderProbe();
    await screen.findByText('authenticated 7');
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(screen.getByText('anonymous')).toBeTruthy();
  });

  it('shares one answer among the parts of a page', async () => {
    const fetch = vi.fn(() => Promise.resolve(answer(null)));
    vi.stubGlobal('fetch', fetch);
    render(
      <>
        <Probe />
        <Probe />
      </>,
    );
    expect((await screen.findAllByText('anonymous')).length).toBe(2);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
