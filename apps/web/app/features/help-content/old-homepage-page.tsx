import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';

export function OldHomepagePage() {
  const { t } = useTranslation('oldhomepage');
  return (
    <div className="page-container py-8">
      <PageTitle title={t('title', { defaultValue: 'Beranda Lama' })} />
      <h1 className="text-2xl font-bold">{t('title', { defaultValue: 'Beranda Lama' })}</h1>
    </div>
  );
}
