import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '~/components/page-title';
import { safeReturnPath, saveLoginReference, userManager } from '~/auth/auth-client';
import type { SignInState } from '~/auth/auth-client';
import { Alert } from '~/components/alert';
// The OpenID client is all this page is for: loaded with it, not after it (issue 38). Other
// pages load it only when they need it (auth-client.ts).
import 'oidc-client-ts';

/**
 * `/auth/login` (SPEC §4): goes to the sign-in provider, remembering the path to return to
 * (`?returnTo=`) and the login reference (`?ref=`, a cookie for a day). `?reauth=1` asks the
 * provider to sign the person in again even within a session (`prompt=login`): a school admin's
 * step-up to a sign-in with the second factor, or a fresh one (decision 0269).
 */
export function SignInPage() {
  const { t } = useTranslation('pages');
  const [searchParams] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setFailed(false);
    saveLoginReference(searchParams.get('ref'));
    const state: SignInState = { returnTo: safeReturnPath(searchParams.get('returnTo')) };
    const again = searchParams.get('reauth') === '1';
    userManager()
      .then((manager) => manager.signinRedirect({ state, ...(again ? { prompt: 'login' } : {}) }))
      .catch(() => setFailed(true));
  }, [searchParams, attempt]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title={t('signIn.title')} />
      <h1 className="text-3xl font-bold">{t('signIn.title')}</h1>
      {failed ? (
        <>
          <Alert variant="error" className="mt-3">
            {t('signIn.unavailable')}
          </Alert>
          <button
            type="button"
            className="btn btn-primary mt-6"
            onClick={() => setAttempt((value) => value + 1)}
          >
            {t('signIn.retry')}
          </button>
        </>
      ) : (
        <p className="mt-3 text-muted" role="status">
          {t('signIn.redirecting')}
        </p>
      )}
      <Link to="/" className="link mt-6 inline-flex min-h-11 items-center">
        {t('backHome')}
      </Link>
    </div>
  );
}
