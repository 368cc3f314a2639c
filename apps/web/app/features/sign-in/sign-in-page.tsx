import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '~/components/page-title';

/** Entry to the identity provider (SPEC §4). */
export function SignInPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title={t('signIn.title')} />
      <h1 className="text-3xl font-bold">{t('signIn.title')}</h1>
      <p className="mt-3 text-muted">{t('signIn.body')}</p>
      <Link to="/" className="link mt-6 inline-flex min-h-11 items-center">
        {t('backHome')}
      </Link>
    </div>
  );
}
