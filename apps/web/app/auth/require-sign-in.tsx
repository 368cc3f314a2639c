import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { signInPath, type SessionUser } from './auth-client';
import { useSession } from './use-session';

/**
 * The route guard of SPEC §4: a visitor who is not signed in goes to `/auth/login`, which
 * brings them back here afterwards.
 */
export function RequireSignIn({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { t } = useTranslation('pages');
  const session = useSession();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (session.status !== 'anonymous') return;
    // The server answers `/auth/login`: a document load, kept out of the history.
    window.location.replace(signInPath({ returnTo: pathname + search }));
  }, [session.status, pathname, search]);

  if (session.status === 'authenticated') return children(session.user);
  return (
    <p className="mt-3 text-muted" role="status">
      {t('signIn.checking')}
    </p>
  );
}
