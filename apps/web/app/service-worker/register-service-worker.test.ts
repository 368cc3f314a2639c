import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RELOAD_ANYWAY_MS,
  SKIP_WAITING_RETRY_MS,
  registerServiceWorker,
} from './register-service-worker';

function withServiceWorker(register: () => Promise<unknown>) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, controller: null, addEventListener: vi.fn() },
  });
}

/** A controlled page with an update waiting, and the reload its prompt offers. */
async function promptedUpdate() {
  const waiting = { state: 'installed', postMessage: vi.fn() };
  withServiceWorker(() =>
    Promise.resolve({ waiting, installing: null, addEventListener: vi.fn(), update: vi.fn() }),
  );
  Object.defineProperty(navigator.serviceWorker, 'controller', { value: {} });
  let offered: () => void = () => undefined;
  const stop = await registerServiceWorker({
    onOfflineReady: vi.fn(),
    onNeedRefresh: (reload) => (offered = reload),
  });
  return { waiting, reload: () => offered(), stop };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registerServiceWorker', () => {
  it('does nothing when the browser blocks service workers and resolves without a registration', async () => {
    withServiceWorker(() => Promise.resolve(undefined));
    const prompts = { onOfflineReady: vi.fn(), onNeedRefresh: vi.fn() };
    const stop = await registerServiceWorker(prompts);
    expect(typeof stop).toBe('function');
    stop();
    expect(prompts.onOfflineReady).not.toHaveBeenCalled();
    expect(prompts.onNeedRefresh).not.toHaveBeenCalled();
  });

  it('offers to reload when an update is already waiting', async () => {
    const waiting = { postMessage: vi.fn() };
    withServiceWorker(() =>
      Promise.resolve({ waiting, installing: null, addEventListener: vi.fn(), update: vi.fn() }),
    );
    Object.defineProperty(navigator.serviceWorker, 'controller', { value: {} });
    const onNeedRefresh = vi.fn();
    const stop = await registerServiceWorker({ onOfflineReady: vi.fn(), onNeedRefresh });
    stop();
    expect(onNeedRefresh).toHaveBeenCalledOnce();
  });

  it('asks the waiting worker again until it activates, since Chromium may drop the first ask', async () => {
    vi.useFakeTimers();
    try {
      const { waiting, reload, stop } = await promptedUpdate();
      reload();
      expect(waiting.postMessage).toHaveBeenCalledTimes(1);
      expect(waiting.postMessage).toHaveBeenLastCalledWith({ type: 'SKIP_WAITING' });
      expect(navigator.serviceWorker.addEventListener).toHaveBeenCalledWith(
        'controllerchange',
        expect.any(Function),
        { once: true },
      );
      // Still waiting: asked again at each interval.
      vi.advanceTimersByTime(SKIP_WAITING_RETRY_MS * 2);
      expect(waiting.postMessage).toHaveBeenCalledTimes(3);
      // Activating: no more asks.
      waiting.state = 'activating';
      vi.advanceTimersByTime(SKIP_WAITING_RETRY_MS);
      expect(waiting.postMessage).toHaveBeenCalledTimes(3);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reloads anyway when the new worker has not taken over in time', async () => {
    vi.useFakeTimers();
    const reloadPage = vi.fn();
    const realLocation = window.location;
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...realLocation, reload: reloadPage },
    });
    try {
      const { reload, stop } = await promptedUpdate();
      reload();
      vi.advanceTimersByTime(RELOAD_ANYWAY_MS - 1);
      expect(reloadPage).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(reloadPage).toHaveBeenCalledOnce();
      stop();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
      vi.useRealTimers();
    }
  });
});
