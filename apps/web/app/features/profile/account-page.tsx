import type { Profile } from '@portal/contracts/profile';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '~/components/page-title';
import { webConfig } from '~/config';
import { formatClock } from '~/i18n/format-clock';
import { Alert } from '~/components/alert';
import { useProfile } from './api/get-profile';
import { useProfileContext } from './profile-layout';

/** Where a reset starts (SPEC §4): the home's forgot-password section, whose button opens it. */
const RESET_START = { pathname: '/', hash: '#lupa-kata-sandi' };

/**
 * `/profile` (SPEC §2, §6): the profile's home, its first section: the person's accounts,
 * schools, masked e-mail and recent security events.
 */
export function AccountPage() {
  const { t } = useTranslation('pages');
  const { user } = useProfileContext();
  const query = useProfile(user);
  const { t: tp } = useTranslation('profile');
  return (
    <>
      <PageTitle title={t('profile.title')} />
      <h1 className="text-3xl font-bold">{t('profile.title')}</h1>
      {query.isPending && (
        <p className="mt-3 text-muted" role="status">
          {tp('loading')}
        </p>
      )}
      {query.isError && (
        <div className="mt-3">
          <Alert variant="error">{tp('failed')}</Alert>
          <button
            type="button"
            className="btn btn-secondary mt-3"
            onClick={() => void query.refetch()}
          >
            {tp('retry')}
          </button>
        </div>
      )}
      {query.data && <ProfileSections profile={query.data} />}
    </>
  );
}

function ProfileSections({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('profile');
  const dateTime = (iso: string) => {
    const at = Date.parse(iso);
    const locale = i18n.language === 'en' ? 'en-GB' : 'id-ID';
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at);
    return `${day}, ${formatClock(at, i18n.language)}`;
  };
  return (
    <>
      <p className="mt-3 text-lg font-semibold">{profile.name}</p>
      <p className="text-muted">
        {t('signedInAs')} <span className="break-all">{profile.signedInAs}</span>
      </p>

      <section aria-labelledby="profile-accounts" className="mt-8">
        <h2 id="profile-accounts" className="text-xl font-bold">
          {t('accounts', { domain: webConfig.domain })}
        </h2>
        <ul className="mt-3 space-y-2">
          {profile.accounts.map((account) => (
            <li key={account.email} className="rounded-lg border border-line p-3">
              <span className="block font-semibold break-all">{account.email}</span>
              <span className="text-sm text-muted">
                {t(`accountFor.${account.userType}`)}
                {account.schoolLevel && ` · ${t('level', { level: account.schoolLevel })}`}
              </span>
            </li>
          ))}
        </ul>
      </section>

      {profile.schools.length > 0 && (
        <section aria-labelledby="profile-schools" className="mt-8">
          <h2 id="profile-schools" className="text-xl font-bold">
            {t('schools')}
          </h2>
          <ul className="mt-3 space-y-1">
            {profile.schools.map((school) => (
              <li key={school.npsn}>
                {school.name} <span className="text-sm text-muted">({school.level})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {profile.office && (
        <section aria-labelledby="profile-office" className="mt-8">
          <h2 id="profile-office" className="text-xl font-bold">
            {t('office')}
          </h2>
          <p className="mt-3">{profile.office}</p>
        </section>
      )}

      <section aria-labelledby="profile-email" className="mt-8">
        <h2 id="profile-email" className="text-xl font-bold">
          {t('personalEmail')}
        </h2>
        <p className="mt-3 break-all">{profile.personalEmail ?? t('noPersonalEmail')}</p>
      </section>

      <section aria-labelledby="profile-sign-in-methods" className="mt-8">
        <h2 id="profile-sign-in-methods" className="text-xl font-bold">
          {t('signInMethods')}
        </h2>
        <p className="mt-3">
          <Link to="/profile/metode-masuk" className="link font-semibold">
            {t('signInMethodsLink')}
          </Link>
        </p>
      </section>

      <section aria-labelledby="profile-activity" className="mt-8">
        <h2 id="profile-activity" className="text-xl font-bold">
          {t('activity')}
        </h2>
        {profile.activity.length === 0 ? (
          <p className="mt-3 text-muted">{t('noActivity')}</p>
        ) : (
          <ul className="mt-3 space-y-1">
            {profile.activity.map((entry) => (
              <li key={`${entry.at}-${entry.event}`} className="flex flex-wrap gap-x-3">
                <span>{t(`event.${entry.event}`)}</span>
                <time dateTime={entry.at} className="text-muted">
                  {dateTime(entry.at)}
                </time>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-sm text-muted">
          <Trans
            t={t}
            i18nKey="notYou"
            components={[<Link key="reset" to={RESET_START} className="link font-semibold" />]}
          />
        </p>
      </section>
    </>
  );
}
