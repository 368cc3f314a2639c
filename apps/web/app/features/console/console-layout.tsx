import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ApiError } from '~/api/api-client';
import { QueryProvider } from '~/api/query-provider';
import { signOut } from '~/auth/auth-client';
import { RequireSignIn } from '~/auth/require-sign-in';
import { Alert } from '~/components/alert';
import { PageTitle } from '~/components/page-title';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { useStaffSelf } from './api/get-staff-self';
import { SectionNav, StaffBar } from './console-navigation';
import type { ConsoleContext } from './console-section';
import './console-texts';

/**
 * `/konsol` and its sections (issues 21 and 34): the ministry's console, for staff signed in
 * with their second factor. The layout of every section's page: who is signed in, with their
 * roles and a sign-out, and the sections their roles open. TanStack Query is provided here, in
 * the console's own route, which the public pages never load.
 */
export function ConsoleLayout() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6">
      <RequireSignIn>
        {() => (
          <QueryProvider>
            <ConsoleShell />
          </QueryProvider>
        )}
      </RequireSignIn>
    </div>
  );
}

/** The console of a signed-in account: its sections for staff, a clear word for anyone else. */
export function ConsoleShell() {
  const { t } = useTranslation('console');
  const localise = useLocaliseMessage();
  const self = useStaffSelf();
  const leave = signOut;
  if (self.isPending || self.isError) {
    // Only staff accounts get an answer; anyone else signed in is refused (403).
    const notStaff = self.error instanceof ApiError && self.error.status === 403;
    return (
      <div className="max-w-md">
        <PageTitle title={t('title')} />
        <h1 className="text-3xl font-bold">{t('title')}</h1>
        {self.isPending ? (
          <p role="status" className="mt-3 text-muted">
            {t('loading')}
          </p>
        ) : (
          <div className="mt-6 space-y-4">
            <Alert variant="error-box">
              {notStaff || !(self.error instanceof ApiError)
                ? t('staffOnly')
                : localise(self.error)}
            </Alert>
            <button type="button" className="btn btn-secondary w-full" onClick={leave}>
              {t('switchAccount')}
            </button>
          </div>
        )}
      </div>
    );
  }
  const context: ConsoleContext = { self: self.data };
  return (
    <>
      <StaffBar self={self.data} onSignOut={leave} />
      <SectionNav sections={self.data.sections} />
      <div className="mt-6">
        <Outlet context={context} />
      </div>
    </>
  );
}
