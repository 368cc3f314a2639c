import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
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
import { hydrateAllNow, inTaskAfterHydration } from '~/components/hydrate-later';
import { DocumentTitle, PageTitle } from '~/components/page-title';
import { ToastProvider } from '~/components/toast';
import { LANGUAGE_STORAGE_KEY, changeLanguage, i18n, isLanguage } from '~/i18n/i18n';
import { useTranslation } from '~/i18n/use-translation';
import { useServiceWorkerPrompts } from '~/service-worker/use-service-worker-prompts';
import { startFeatureToggles } from '~/toggles/feature-toggles';
import { startTracking, track } from '~/tracking/tracker';
import type { Route } from './+types/root';
import './app.css';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * Preact hydrates into `<html>` itself, not into the document as React does: in the browser the
 * root renders what is inside `<html>`, which only the prerender wraps in the element.
 */
function Html({ children }: { children: ReactNode }) {
  return typeof document === 'undefined' ? <html lang="id">{children}</html> : <>{children}</>;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <Html>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5cad" />
        <Meta />
        <Links />
        {/* The build fills this with the stylesheet (scripts/post-build.ts); hydration keeps
            what it finds in an element with dangerouslySetInnerHTML. */}
        <style data-inline-stylesheet="" dangerouslySetInnerHTML={{ __html: '' }} />
        <DocumentTitle />
      </head>
      <body className="min-h-dvh bg-white antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </Html>
  );
}

/**
 * The page's start. It reads the app's one i18next instance (the one the provider below hands
 * down) directly: react-i18next's hook, which only this needed, cost the hydration task a tenth
 * of its time.
 */
function useAppStart() {
  const location = useLocation();

  useEffect(() => {
    // After the first hydration pass: a language or toggle that differs from the prerender then
    // re-renders hydrated components (and hydrates deferred ones, see HydrateLater). The read is
    // in that task too: a page's first storage access waits for the browser process.
    inTaskAfterHydration(() => {
      let stored: string | null;
      try {
        stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
      } catch {
        stored = null;
      }
      if (isLanguage(stored) && stored !== i18n.language) void changeLanguage(stored);
    });
    inTaskAfterHydration(() => {
      void startFeatureToggles();
      // Browser tests wait for this marker before they interact.
      document.documentElement.dataset.hydrated = 'true';
    });
    return startTracking();
  }, []);

  useEffect(() => {
    if (document.documentElement.lang !== i18n.language)
      document.documentElement.lang = i18n.language;
    const onChange = (language: string) => {
      document.documentElement.lang = language;
      // Sections below the fold that have not hydrated still hold the prerendered text.
      hydrateAllNow();
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);

  useEffect(() => {
    inTaskAfterHydration(() => track('PAGE_VIEWED'));
  }, [location.pathname]);
}

function AppShell() {
  useAppStart();
  useServiceWorkerPrompts();
  return <Outlet />;
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
