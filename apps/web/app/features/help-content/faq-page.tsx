import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';

export function FaqPage() {
  const { t } = useTranslation('faq');
  return (
    <div className="page-container py-8">
      <PageTitle title={t('title', { defaultValue: 'FAQ' })} />
      <h1 className="text-2xl font-bold">{t('title', { defaultValue: 'FAQ' })}</h1>
    </div>
  );
}
