import {
  TRACKER_NAME,
  TRACKING_CLIENT_PATH,
  TRACKING_MAX_BATCH,
  TRACKING_PATH,
} from '@portal/contracts/tracking-client';
import type { TrackingEvent, TrackingEventName, TrackingRequest } from '@portal/contracts/tracking';
import { webConfig } from '~/config';

export const DEVICE_ID_KEY = 'portal.deviceId';
export const SESSION_ID_KEY = 'portal.sessionId';
export const QUEUE_KEY = 'portal.trackingQueue';
const MAX_QUEUED_EVENTS = 500;
const FLUSH_DELAY_MS = 2000;

type Attribute = { key: string; value: string };

/** Drops query string and hash: they may carry personal data, which analytics never gets. */
export function stripUrl(url: string): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return parsed.origin + parsed.pathname;
  } catch {
    return '';
  }
}

export function describeDevice(
  userAgent: string,
): Pick<TrackingEvent, 'device_type' | 'os' | 'browser'> {
  const ua = userAgent.toLowerCase();
  const tablet = /ipad|tablet|(android(?!.*mobile))/.test(ua);
  const mobile = !tablet && /mobi|iphone|ipod|android/.test(ua);
  const os = /android/.test(ua)
    ? 'Android'
    : /iphone|ipad|ipod/.test(ua)
      ? 'iOS'
      : /cros/.test(ua)
        ? 'ChromeOS'
        : /windows/.test(ua)
          ? 'Windows'
          : /mac os/.test(ua)
            ? 'macOS'
            : /linux/.test(ua)
              ? 'Linux'
              : 'Other';
  const browser = /edg\//.test(ua)
    ? 'Edge'
    : /opr\/|opera/.test(ua)
      ? 'Opera'
      : /samsungbrowser/.test(ua)
        ? 'Samsung Internet'
        : /firefox|fxios/.test(ua)
          ? 'Firefox'
          : /chrome|crios|chromium/.test(ua)
            ? 'Chrome'
            : /safari/.test(ua)
              ? 'Safari'
              : 'Other';
  return { device_type: tablet ? 'tablet' : mobile ? 'mobile' : 'desktop', os, browser };
}

function storedId(storage: Storage, key: string): string {
  const existing = storage.getItem(key);
  if (existing && existing.length >= 8) return existing;
  const created = crypto.randomUUID();
  storage.setItem(key, created);
  return created;
}

function readQueue(): TrackingEvent[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(QUEUE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as TrackingEvent[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(events: TrackingEvent[]) {
  try {
    window.localStorage.setItem(QUEUE_KEY, JSON.stringify(events.slice(-MAX_QUEUED_EVENTS)));
  } catch {
    // A full or blocked storage only loses analytics, never the user's work.
  }
}

/** Builds one event; personal data must never be passed as an attribute value. */
export function buildEvent(
  eventName: TrackingEventName,
  attributes: Attribute[] = [],
): TrackingEvent {
  return {
    device_id: storedId(window.localStorage, DEVICE_ID_KEY),
    session_id: storedId(window.sessionStorage, SESSION_ID_KEY),
    page_url: stripUrl(window.location.href),
    referrer: stripUrl(document.referrer),
    ...describeDevice(navigator.userAgent),
    timestamp: new Date().toISOString(),
    event_name: eventName,
    attributes,
  };
}

let flushTimer: number | undefined;
let authorization: Promise<string | null> | null = null;

/**
 * The basic authorization of this deployment's tracker, read once per page load from the API
 * (decision 0205): it identifies the client, it is not a secret. Null while unreachable.
 */
function trackerAuthorization(): Promise<string | null> {
  authorization ??= fetch(webConfig.apiBase + TRACKING_CLIENT_PATH, {
    credentials: 'omit',
    headers: { accept: 'application/json' },
  })
    .then(async (response) => {
      const body: unknown = response.ok ? await response.json() : null;
      const value =
        body && typeof body === 'object' && 'authorization' in body ? body.authorization : null;
      return typeof value === 'string' && value.startsWith('Basic ') ? value : null;
    })
    .catch(() => null)
    .then((value) => {
      // Asked again at the next flush: the network may be back by then.
      if (value === null) authorization = null;
      return value;
    });
  return authorization;
}
let flushing = false;

/** Queues an event and sends it soon, in a batch; never waits for the network. */
export function track(eventName: TrackingEventName, attributes: Attribute[] = []): void {
  try {
    writeQueue([...readQueue(), buildEvent(eventName, attributes)]);
  } catch {
    return;
  }
  flushSoon();
}

/** Sends what is queued after a short pause, so that events close together travel together. */
function flushSoon(): void {
  window.clearTimeout(flushTimer);
  flushTimer = window.setTimeout(() => void flush(), FLUSH_DELAY_MS);
}

/**
 * Sends queued events with fetch keepalive (sendBeacon cannot carry the basic authorization
 * header) and keeps them when offline or when the server fails, for a later retry.
 */
export async function flush(): Promise<void> {
  if (flushing || !navigator.onLine) return;
  const batch = readQueue().slice(0, TRACKING_MAX_BATCH);
  if (batch.length === 0) return;
  flushing = true;
  const body: TrackingRequest = { event_name: TRACKER_NAME, data: JSON.stringify(batch) };
  try {
    const credentials = await trackerAuthorization();
    if (!credentials) return;
    const response = await fetch(webConfig.apiBase + TRACKING_PATH, {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: {
        'content-type': 'application/json',
        authorization: credentials,
      },
      body: JSON.stringify(body),
    });
    // 4xx other than 429 will fail again the same way: drop the batch instead of looping.
    if (
      response.ok ||
      (response.status >= 400 && response.status < 500 && response.status !== 429)
    ) {
      const sent = new Set(batch.map((event) => JSON.stringify(event)));
      writeQueue(readQueue().filter((event) => !sent.has(JSON.stringify(event))));
    }
  } catch {
    // Offline or unreachable: the queue stays and is retried when the browser is back online.
  } finally {
    flushing = false;
  }
}

const attributeOf = (element: Element, name: string): string | null => {
  const value = element.getAttribute(name);
  return value ? value.slice(0, 128) : null;
};

/** Starts click and download tracking for elements marked with data attributes. */
export function startTracking(): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const download = target?.closest('[data-track-download]');
    if (download) {
      track('FILE_DOWNLOADED', [
        { key: 'file', value: attributeOf(download, 'data-track-download') ?? '' },
      ]);
      return;
    }
    const marked = target?.closest('[data-track]');
    if (marked)
      track('CLICKED', [{ key: 'target', value: attributeOf(marked, 'data-track') ?? '' }]);
  };
  const onOnline = () => void flush();
  const onHidden = () => {
    if (document.visibilityState === 'hidden') void flush();
  };
  document.addEventListener('click', onClick, { capture: true, passive: true });
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onHidden);
  // What an earlier visit left queued goes with this visit's first events, not during its start.
  flushSoon();
  return () => {
    document.removeEventListener('click', onClick, { capture: true });
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onHidden);
  };
}
