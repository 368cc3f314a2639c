import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';

export function ResourcesPage() {
  const { t } = useTranslation('resources');
  return (
    <div className="page-container py-8">
      <PageTitle title={t('title', { defaultValue: 'Panduan' })} />
      <h1 className="text-2xl font-bold">{t('title', { defaultValue: 'Panduan' })}</h1>
    </div>
  );
}
