import type { User } from 'oidc-client-ts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { QueryProvider } from '~/api/query-provider';
import { signOut } from '~/auth/auth-client';
import { RequireSignIn } from '~/auth/require-sign-in';
import { PageTitle } from '~/components/page-title';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/console.json';
import id from '~/locales/id/console.json';
import { Announcements } from './announcements';
import { useStaffCheck } from './api/get-referral-codes';
import { OfficeRequests } from './office-requests';
import { Passkeys } from './passkeys';
import { FeatureToggles } from './feature-toggles';
import { ReferralCodes } from './referral-codes';
import { StatisticsDashboard } from './statistics-dashboard';
import { Deletions } from './deletions';
import { Alert } from '~/components/alert';

registerNamespace('console', { id, en });

/**
 * `/konsol` (issue 21): the ministry's console, for staff signed in with their second factor.
 * Anyone else signed in reads that it is not for them.
 */
export function ConsolePage() {
  const { t } = useTranslation('console');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10">
      <PageTitle title={t('title')} />
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <RequireSignIn>
        {(user) => (
          <QueryProvider>
            <Console user={user} />
          </QueryProvider>
        )}
      </RequireSignIn>
    </div>
  );
}

function Console({ user }: { user: User }) {
  const { t } = useTranslation('console');
  const token = user.access_token;
  // One call tells whether this account is staff: the API answers 403 to anyone else.
  const probe = useStaffCheck(token);
  if (probe.isPending) {
    return (
      <p role="status" className="mt-3 text-muted">
        {t('loading')}
      </p>
    );
  }
  if (probe.error instanceof ApiError && probe.error.status === 403) {
    return (
      <div className="mt-6 max-w-md space-y-4">
        <Alert variant="error-box">{t('staffOnly')}</Alert>
        <button
          type="button"
          className="btn btn-secondary w-full"
          onClick={() => void signOut(user.id_token)}
        >
          {t('switchAccount')}
        </button>
      </div>
    );
  }
  return (
    <>
      <OfficeRequests token={token} />
      <ReferralCodes token={token} />
      <FeatureToggles token={token} />
      <StatisticsDashboard token={token} />
      <Announcements token={token} />
      <Deletions token={token} />
      <Passkeys token={token} />
    </>
  );
}
