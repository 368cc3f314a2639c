import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRACKING_CLIENT_PATH, TRACKING_PATH } from '@portal/contracts/tracking-client';
import {
  DEVICE_ID_KEY,
  QUEUE_KEY,
  SESSION_ID_KEY,
  buildEvent,
  describeDevice,
  flush,
  stripUrl,
  track,
} from '~/tracking/tracker';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('tracking client', () => {
  it('never sends query strings or fragments', () => {
    expect(stripUrl('https://x.id/account/lookup/v2?email=a@b.c#dob')).toBe(
      'https://x.id/account/lookup/v2',
    );
    expect(stripUrl('')).toBe('');
  });

  it('describes the device from the user agent', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 13; SM-A045F) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36',
      ),
    ).toEqual({ device_type: 'mobile', os: 'Android', browser: 'Chrome' });
    expect(describeDevice('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1')).toEqual({
      device_type: 'tablet',
      os: 'iOS',
      browser: 'Safari',
    });
  });

  it('keeps the device id in local storage and the session id in session storage', () => {
    window.history.replaceState(null, '', '/faq?email=someone@example.com');
    const event = buildEvent('PAGE_VIEWED');
    expect(event.device_id).toBe(window.localStorage.getItem(DEVICE_ID_KEY));
    expect(event.session_id).toBe(window.sessionStorage.getItem(SESSION_ID_KEY));
    expect(event.page_url).toBe(`${window.location.origin}/faq`);
    expect(buildEvent('CLICKED').device_id).toBe(event.device_id);
  });

  it('keeps events while the server is unreachable and sends them in one batch later', async () => {
    track('PAGE_VIEWED');
    track('CLICKED', [{ key: 'target', value: 'hero' }]);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await flush();
    expect(JSON.parse(window.localStorage.getItem(QUEUE_KEY) ?? '[]')).toHaveLength(2);

    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith(TRACKING_CLIENT_PATH)
        ? Response.json({ authorization: 'Basic ZGVwbG95bWVudDpzZWNyZXQ=' })
        : new Response(null, { status: 202 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await flush();
    // The credentials are this deployment's, read from the API, not baked into the build.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/belajar-id${TRACKING_CLIENT_PATH}`);
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe(`/belajar-id${TRACKING_PATH}`);
    expect(init.keepalive).toBe(true);
    expect(new Headers(init.headers).get('authorization')).toBe('Basic ZGVwbG95bWVudDpzZWNyZXQ=');
    const body = JSON.parse(String(init.body)) as { event_name: string; data: string };
    expect(JSON.parse(body.data)).toHaveLength(2);
    expect(JSON.parse(window.localStorage.getItem(QUEUE_KEY) ?? '[]')).toHaveLength(0);
  });
});
