import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPart } from '~/hydration/load-part';
import { PageTitle } from '~/components/page-title';
import { ResetPendingScript } from './first-view';
import { RESET_NS } from './password-reset-texts';

/**
 * The form, its checks and its API calls come after the page's first script: the
 * page is prerendered with its title and the notice a visitor without a reset in this tab sees,
 * and the form hydrates when this code arrives.
 */
const formPart = loadPart(() => import('./reset-code-form'));

function ResetCodeForm() {
  const { ResetCodeFormWithQueries } = use(formPart);
  return <ResetCodeFormWithQueries />;
}

/** OTP step of the password reset (SPEC §2, §4): enter, paste or follow the code. */
export function ResetCodePage() {
  const { t } = useTranslation(RESET_NS);
  return (
    <div className="page-container max-w-xl py-10">
      <PageTitle title={t('otp.title')} />
      <h1 className="text-3xl font-bold">{t('otp.title')}</h1>
      <ResetPendingScript />
      {/* The part's room is kept from the first paint: the footer stays below the fold while
          the form arrives, instead of moving down under it (no layout shift). */}
      <div className="min-h-[calc(100dvh-8rem)]">
        <Suspense fallback={null}>
          <ResetCodeForm />
        </Suspense>
      </div>
    </div>
  );
}
