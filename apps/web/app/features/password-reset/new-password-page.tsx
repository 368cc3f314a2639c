import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPart } from '~/hydration/load-part';
import { PageTitle } from '~/components/page-title';
import { ResetPendingScript } from './first-view';
import { RESET_NS } from './password-reset-texts';

/**
 * The form, its checks and its API call come after the page's first script: the page
 * is prerendered with its title and the notice a visitor without a reset in this tab sees, and
 * the form hydrates when this code arrives.
 */
const contentPart = loadPart(() => import('./new-password-form'));

function NewPasswordContent() {
  const { NewPasswordWithQueries } = use(contentPart);
  return <NewPasswordWithQueries />;
}

/** Last step of the password reset (SPEC §2): the new password, twice. */
export function NewPasswordPage() {
  const { t } = useTranslation(RESET_NS);
  return (
    <div className="page-container max-w-xl py-10">
      <PageTitle title={t('newPassword.title')} />
      <ResetPendingScript />
      {/* The part's room is kept from the first paint: the footer stays below the fold while
          the form arrives, instead of moving down under it (no layout shift). */}
      <div className="min-h-[calc(100dvh-8rem)]">
        <Suspense fallback={<h1 className="text-3xl font-bold">{t('newPassword.title')}</h1>}>
          <NewPasswordContent />
        </Suspense>
      </div>
    </div>
  );
}
