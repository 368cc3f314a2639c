import { SERVICE_WORKER_UPDATE_CHECK_MS } from '@portal/contracts/business-constants';

/** How long the reload waits for the new worker to take over before asking it again. */
export const SKIP_WAITING_RETRY_MS = 1000;
/** How long the reload waits for the new worker to take over before reloading anyway. */
export const RELOAD_ANYWAY_MS = 3000;

type Prompts = {
  onOfflineReady: () => void;
  /** `reload` activates the waiting worker, then reloads the page. */
  onNeedRefresh: (reload: () => void) => void;
};

/** Registers /sw.js, reports the two prompts of SPEC §4 and checks for updates periodically. */
export async function registerServiceWorker({ onOfflineReady, onNeedRefresh }: Prompts) {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const container = navigator.serviceWorker;
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await container.register('/sw.js', { scope: '/' });
  } catch (error) {
    console.warn(
      'Service worker not registered:',
      error instanceof Error ? error.message : 'unknown error',
    );
    return () => undefined;
  }
  // A browser that blocks service workers (a policy, Playwright's `serviceWorkers: 'block'`)
  // resolves without a registration.
  if (!registration) return () => undefined;
  const registered = registration;

  const promptReload = (waiting: ServiceWorker) =>
    onNeedRefresh(() => {
      container.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
      // The new worker activates only once the outgoing one has no event in progress, and
      // Chromium gives up an activation when a request reaches the outgoing worker at that
      // moment: the new worker can stay waiting and the button would do nothing. Asking again
      // starts the activation again; if it still has not happened, the page reloads anyway.
      // Leaving the page ends what it had in progress, so the new worker takes over then, or
      // at the latest on the next visit.
      const askToActivate = () => waiting.postMessage({ type: 'SKIP_WAITING' });
      askToActivate();
      const retry = window.setInterval(() => {
        if (waiting.state === 'installed') askToActivate();
        else window.clearInterval(retry);
      }, SKIP_WAITING_RETRY_MS);
      window.setTimeout(() => window.location.reload(), RELOAD_ANYWAY_MS);
    });

  // `updatefound` may fire for the worker already installing at registration: watch it once.
  const watched = new WeakSet<ServiceWorker>();
  const watch = (worker: ServiceWorker) => {
    if (watched.has(worker)) return;
    watched.add(worker);
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installed') return;
      // With a controller this is an update; without one it is the first install.
      if (container.controller) promptReload(worker);
      else onOfflineReady();
    });
  };

  if (registered.waiting && container.controller) promptReload(registered.waiting);
  if (registered.installing) watch(registered.installing);
  registered.addEventListener('updatefound', () => {
    if (registered.installing) watch(registered.installing);
  });

  const timer = window.setInterval(() => {
    if (navigator.onLine && document.visibilityState === 'visible') {
      registered.update().catch(() => undefined);
    }
  }, SERVICE_WORKER_UPDATE_CHECK_MS);
  return () => window.clearInterval(timer);
}
