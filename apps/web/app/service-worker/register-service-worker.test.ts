import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-service-worker';

function withServiceWorker(register: () => Promise<unknown>) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, controller: null, addEventListener: vi.fn() },
  });
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
});
