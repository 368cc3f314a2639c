import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';

/** OTP step of the password reset (SPEC §2); reached from the reset method modal. */
export function ResetOtpPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="page-container max-w-xl py-10">
      <PageTitle title={t('resetOtp.title')} />
      <h1 className="text-3xl font-bold">{t('resetOtp.title')}</h1>
      <p className="mt-3 text-muted">{t('resetOtp.body')}</p>
    </div>
  );
}
