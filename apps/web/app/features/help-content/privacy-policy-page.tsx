import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';

export function PrivacyPolicyPage() {
  const { t } = useTranslation('privacy');
  return (
    <div className="page-container py-8">
      <PageTitle title={t('title', { defaultValue: 'Kebijakan Privasi' })} />
      <h1 className="text-2xl font-bold">{t('title', { defaultValue: 'Kebijakan Privasi' })}</h1>
    </div>
  );
}
