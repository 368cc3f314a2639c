import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';
import { Passkeys } from './passkeys';

/** `/konsol/akun`: the signed-in member's own account, whatever their roles: their passkeys. */
export function OwnAccountPage() {
  const { t } = useTranslation('console');
  return (
    <>
      <PageTitle title={t('ownAccount.title')} />
      <h1 className="text-3xl font-bold">{t('ownAccount.title')}</h1>
      <Passkeys />
    </>
  );
}
