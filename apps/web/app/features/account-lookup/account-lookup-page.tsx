import type { UserType } from '@portal/contracts/user-types';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '~/components/page-title';
import { readRememberedUserType } from '~/user-type/user-type-choice';

/** Account lookup (SPEC §2); the lookup form itself comes with the lookup journey. */
export function AccountLookupPage() {
  const { t } = useTranslation('pages');
  const [userType, setUserType] = useState<UserType | null>(null);
  useEffect(() => setUserType(readRememberedUserType()), []);
  return (
    <div className="page-container max-w-2xl py-10">
      <PageTitle title={t('lookup.title')} />
      <h1 className="text-3xl font-bold">{t('lookup.title')}</h1>
      {userType && userType !== 'dinas' ? (
        <p className="mt-3 font-semibold" data-testid="chosen-user-type">
          {t('lookup.chosen', { type: t(`userTypes.${userType}`) })}
        </p>
      ) : null}
      <p className="mt-3 text-muted">{t('lookup.body')}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        <li>{t('lookup.npsn')}</li>
        <li>{t('lookup.name')}</li>
        <li>{t('lookup.birthDate')}</li>
        <li>{t('lookup.motherName')}</li>
      </ul>
      <Link to="/home" className="link mt-6 inline-flex min-h-11 items-center">
        {t('lookup.changeType')}
      </Link>
    </div>
  );
}
