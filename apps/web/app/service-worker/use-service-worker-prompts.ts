import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '~/components/toast';
import { webConfig } from '~/config';
import { registerServiceWorker } from '~/service-worker/register-service-worker';

/**
 * The service worker prompts of SPEC §4. The update prompt is a toast: it asks for an action.
 * The offline-ready notice only informs, so it is returned for the page to show in its flow,
 * where it can never cover a field, a suggestion list, a bottom sheet or a dialog.
 */
export function useServiceWorkerPrompts(): {
  offlineReady: boolean;
  dismissOfflineReady: () => void;
} {
  const [offlineReady, setOfflineReady] = useState(false);
  // Texts are looked up when a prompt appears, in the language the visitor reads by then.
  const { i18n } = useTranslation('common');
  const t = (key: string) => i18n.t(key, { ns: 'common' });
  const toast = useToast();

  useEffect(() => {
    if (!webConfig.serviceWorker) return;
    let stop: () => void = () => undefined;
    let cancelled = false;
    void registerServiceWorker({
      onOfflineReady: () => setOfflineReady(true),
      onNeedRefresh: (reload) =>
        toast.show(t('serviceWorker.updateAvailable'), {
          durationMs: null,
          actions: [{ label: t('serviceWorker.reload'), onClick: reload }],
        }),
    }).then((cleanup) => {
      if (cancelled) cleanup();
      else stop = cleanup;
    });
    return () => {
      cancelled = true;
      stop();
    };
    // Registered once per page load; later language changes do not re-register.
  }, []);
  return { offlineReady, dismissOfflineReady: () => setOfflineReady(false) };
}
