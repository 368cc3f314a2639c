import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '~/components/page-title';
import { safeReturnPath, userManager } from '~/auth/auth-client';
import { SIGNED_OUT_STATE } from '~/auth/signed-out-state';
import type { SignInState } from '~/auth/auth-client';
import { Alert } from '~/components/alert';

export type CallbackKind = 'sign-in' | 'silent' | 'sign-out';

/**
 * The provider's return addresses (SPEC §2, §4): a sign-in returns to the remembered path (by
 * default `/`), a sign-out to the home page. Silent renewal is off; its address only answers a
 * provider that calls it.
 */
export function SignInCallbackPage({ kind }: { kind: CallbackKind }) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const complete = async () => {
      const manager = await userManager();
      if (kind === 'silent') return manager.signinSilentCallback();
      if (kind === 'sign-out') {
        await manager.signoutRedirectCallback();
        await manager.removeUser();
        if (!cancelled) void navigate('/', { replace: true, state: SIGNED_OUT_STATE });
        return;
      }
      const user = await manager.signinRedirectCallback();
      const state = user.state as Partial<SignInState> | undefined;
      if (!cancelled) void navigate(safeReturnPath(state?.returnTo), { replace: true });
    };
    complete().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [kind, navigate]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title={t('signInCallback.title')} />
      <h1 className="text-3xl font-bold">{t('signInCallback.title')}</h1>
      {failed ? (
        <>
          <Alert variant="error" className="mt-3">
            {t('signInCallback.failed')}
          </Alert>
          <Link to="/auth/login" className="btn btn-primary mt-6">
            {t('signIn.retry')}
          </Link>
        </>
      ) : (
        <p className="mt-3 text-muted" role="status">
          {t('signInCallback.body')}
        </p>
      )}
      <Link to="/" className="link mt-6 inline-flex min-h-11 items-center">
        {t('backHome')}
      </Link>
    </div>
  );
}
