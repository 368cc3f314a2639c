import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';
import { RequireSignIn } from '~/auth/require-sign-in';

/** Needs sign-in (SPEC §6): the route guard sends anyone else to sign in first. */
export function StudentEligibilityPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title={t('eligibility.title')} />
      <h1 className="text-3xl font-bold">{t('eligibility.title')}</h1>
      <RequireSignIn>
        {() => <p className="mt-3 text-muted">{t('eligibility.body')}</p>}
      </RequireSignIn>
    </div>
  );
}
