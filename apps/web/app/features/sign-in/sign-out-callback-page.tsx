import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '~/components/page-title';
import { SIGNED_OUT_STATE } from '~/auth/signed-out-state';

/**
 * Where the server's sign-out lands (SPEC §4): both sessions have ended, so the page goes home
 * at once, carrying the state that lets home say so. The link is for a browser without script.
 */
export function SignOutCallbackPage() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();

  useEffect(() => {
    void navigate('/', { replace: true, state: SIGNED_OUT_STATE });
  }, [navigate]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title={t('signOutCallback.title')} />
      <h1 className="text-3xl font-bold">{t('signOutCallback.title')}</h1>
      <p className="mt-3 text-muted" role="status">
        {t('signOutCallback.body')}
      </p>
      <Link to="/" className="link mt-6 inline-flex min-h-11 items-center">
        {t('backHome')}
      </Link>
    </div>
  );
}
