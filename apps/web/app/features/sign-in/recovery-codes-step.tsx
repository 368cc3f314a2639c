import { useTranslation } from 'react-i18next';
import { RecoveryCodeList } from '~/components/recovery-code-list';
import { webConfig } from '~/config';

export type Enrolled = { codes: string[]; redirectTo: string };

/**
 * The recovery codes, shown once after the authenticator is enrolled; the sign-in ends when the
 * person says they kept them. The page's heading is this step's own.
 */
export function RecoveryCodesStep({ enrolled }: { enrolled: Enrolled }) {
  const { t } = useTranslation('sign-in');
  const domain = webConfig.domain;

  return (
    <>
      <p className="mt-3">{t('steps.recovery.intro')}</p>
      <RecoveryCodeList
        codes={enrolled.codes}
        texts={{
          copy: t('steps.recovery.copy'),
          download: t('steps.recovery.download'),
          copied: t('steps.recovery.copied'),
          copyFailed: t('steps.recovery.copyFailed'),
          downloaded: t('steps.recovery.downloaded'),
          fileHeading: t('steps.recovery.fileHeading', { domain }),
          fileName: t('steps.recovery.fileName', { domain }),
        }}
      />
      <button
        type="button"
        className="btn btn-primary mt-4 w-full"
        onClick={() => window.location.assign(enrolled.redirectTo)}
      >
        {t('steps.recovery.saved')}
      </button>
    </>
  );
}
