import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '~/components/page-title';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16 text-center">
      <PageTitle title={t('notFound.title')} />
      <img src="/images/not-found.svg" width="160" height="120" alt="" className="mx-auto" />
      <h1 className="mt-6 text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-3 text-muted">{t('notFound.body')}</p>
      <Link to="/" className="btn btn-primary mt-6">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
