import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '~/components/page-title';

/** Needs sign-in (SPEC §6): until a session exists the page points to sign-in. */
export function StudentEligibilityPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title={t('eligibility.title')} />
      <h1 className="text-3xl font-bold">{t('eligibility.title')}</h1>
      <p className="mt-3 text-muted">{t('eligibility.body')}</p>
      <p className="mt-3">{t('signInRequired')}</p>
      <Link to="/auth/login" className="btn btn-primary mt-6">
        {t('signIn.action')}
      </Link>
    </div>
  );
}
