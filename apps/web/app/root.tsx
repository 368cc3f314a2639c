import { useEffect } from 'react';
import type { ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
} from 'react-router';
import { DialogProvider } from '~/components/dialog-store';
import { useFocusAfterNavigation } from '~/layouts/focus-after-navigation';
import { restoreEarlyInput } from '~/hydration/early-input';
import { PageTitle } from '~/components/page-title';
import { ToastPageBinding, ToastProvider } from '~/components/toast';
import { LANGUAGE_STORAGE_KEY, changeLanguage, i18n, isLanguage } from '~/i18n/i18n';
import { rememberLanguageForServer } from '~/i18n/language-cookie';
import { partsHydrated } from '~/hydration/load-part';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useServiceWorkerPrompts } from '~/service-worker/use-service-worker-prompts';
import { startFeatureToggles } from '~/toggles/feature-toggles';
import { startTracking, track } from '~/tracking/tracker';
import type { Route } from './+types/root';
import './app.css';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="id">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5cad" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-white antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The page's start, once it has hydrated: the visitor's language, toggles and tracking. */
function useAppStart() {
  const location = useLocation();

  useEffect(() => {
    restoreEarlyInput();
    let stored: string | null;
    try {
      stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {
      stored = null;
    }
    if (isLanguage(stored)) rememberLanguageForServer(stored);
    // After the page's parts hydrated in the prerendered language, so they match their HTML.
    if (isLanguage(stored) && stored !== i18n.language) {
      const language = stored;
      void partsHydrated().then(() => changeLanguage(language));
    }
    void startFeatureToggles();
    // Browser tests wait for this marker before they interact.
    document.documentElement.dataset.hydrated = 'true';
    return startTracking();
  }, []);

  useEffect(() => {
    const onChange = (language: string) => {
      document.documentElement.lang = language;
    };
    onChange(i18n.language);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);

  useEffect(() => {
    track('PAGE_VIEWED');
  }, [location.pathname]);
}

function AppShell() {
  useAppStart();
  useFocusAfterNavigation();
  const { offlineReady, dismissOfflineReady } = useServiceWorkerPrompts();
  return (
    <>
      <ToastPageBinding />
      <Outlet />
      {/* The live region exists before its text does, so that screen readers announce it. */}
      <div role="status">{offlineReady && <OfflineReadyNote onClose={dismissOfflineReady} />}</div>
    </>
  );
}

/** Below the page, in its flow: informs without covering anything (SPEC §4's offline prompt). */
function OfflineReadyNote({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t-2 border-success bg-success/10 px-4 py-3 text-ink">
      <p>{t('serviceWorker.offlineReady')}</p>
      <button type="button" className="btn btn-secondary min-h-11" onClick={onClose}>
        {t('close')}
      </button>
    </div>
  );
}

export default function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <DialogProvider>
          <AppShell />
        </DialogProvider>
      </ToastProvider>
    </I18nextProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation('common', { i18n });
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="page-container py-12">
      <PageTitle title={notFound ? t('notFound.title') : t('error.title')} />
      <h1 className="text-2xl font-bold">{notFound ? t('notFound.title') : t('error.title')}</h1>
      <p className="mt-3">{notFound ? t('notFound.body') : t('error.body')}</p>
      <a className="link mt-6 inline-block" href="/">
        {t('notFound.home')}
      </a>
    </main>
  );
}
