import { PASSWORD_MIN_LENGTH } from '@portal/contracts/business-constants';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';

/** Last step of the password reset (SPEC §2). */
export function NewPasswordPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="page-container max-w-xl py-10">
      <PageTitle title={t('newPassword.title')} />
      <h1 className="text-3xl font-bold">{t('newPassword.title')}</h1>
      <p className="mt-3 text-muted">{t('newPassword.body', { min: PASSWORD_MIN_LENGTH })}</p>
    </div>
  );
}
