import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { User } from 'oidc-client-ts';
import { useSession } from './use-session';

/**
 * The route guard of SPEC §4: a visitor who is not signed in goes to `/auth/login`, which
 * brings them back here afterwards.
 */
export function RequireSignIn({ children }: { children: (user: User) => ReactNode }) {
  const { t } = useTranslation('pages');
  const session = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (session.status !== 'anonymous') return;
    const returnTo = encodeURIComponent(pathname + search);
    void navigate(`/auth/login?returnTo=${returnTo}`, { replace: true });
  }, [session.status, pathname, search, navigate]);

  if (session.status === 'authenticated') return children(session.user);
  return (
    <p className="mt-3 text-muted" role="status">
      {t('signIn.checking')}
    </p>
  );
}
