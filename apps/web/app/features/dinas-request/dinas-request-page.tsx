import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';

/** Office account request (SPEC §2); the request form comes with the dinas journey. */
export function DinasRequestPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="page-container max-w-2xl py-10">
      <PageTitle title={t('dinas.title')} />
      <h1 className="text-3xl font-bold">{t('dinas.title')}</h1>
      <p className="mt-3 text-muted">{t('dinas.body')}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        <li>{t('dinas.referral')}</li>
        <li>{t('dinas.letter')}</li>
        <li>{t('dinas.duration')}</li>
      </ul>
    </div>
  );
}
