import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';

export function WebinarPage() {
  const { t } = useTranslation('webinar');
  return (
    <div className="page-container py-8">
      <PageTitle title={t('title', { defaultValue: 'Webinar' })} />
      <h1 className="text-2xl font-bold">{t('title', { defaultValue: 'Webinar' })}</h1>
    </div>
  );
}
