import { END_SESSION_CONFIRM_PATH } from '@portal/contracts/sign-in';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '~/components/page-title';
import { webConfig } from '~/config';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/sign-in.json';
import id from '~/locales/id/sign-in.json';

registerNamespace('sign-in', { id, en });

type Shown = { kind: 'ask'; xsrf: string } | { kind: 'done' } | { kind: 'expired' };

/** What the provider sent in the fragment: its form's secret, or that the session ended. */
function readFragment(): Shown {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const xsrf = fragment.get('xsrf');
  if (xsrf) return { kind: 'ask', xsrf };
  return fragment.has('done') ? { kind: 'done' } : { kind: 'expired' };
}

/**
 * The provider's sign-out confirmation (`/auth/sign-out`, RP-initiated logout): asks before the
 * session on this device ends, then the provider returns to the page that asked for it.
 */
export function SignOutPage() {
  const { t } = useTranslation('sign-in');
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    setShown(readFragment());
    // The secret leaves the address bar and the history at once.
    window.history.replaceState(null, '', window.location.pathname);
  }, []);
  const action = `${new URL(webConfig.oidc.issuer, window.location.origin).href.replace(/\/$/, '')}${END_SESSION_CONFIRM_PATH}`;
  const title = shown?.kind === 'done' ? t('signOut.doneTitle') : t('signOut.title');
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title={title} />
      <h1 className="text-3xl font-bold">{title}</h1>
      {shown?.kind === 'ask' ? (
        <form method="post" action={action} className="mt-6 space-y-3">
          <p>{t('signOut.question')}</p>
          <input type="hidden" name="xsrf" value={shown.xsrf} />
          <button type="submit" name="logout" value="yes" className="btn btn-primary w-full">
            {t('signOut.yes')}
          </button>
          <button type="submit" className="btn btn-secondary w-full">
            {t('signOut.no')}
          </button>
        </form>
      ) : shown ? (
        <>
          <p className="mt-3">{shown.kind === 'done' ? t('signOut.done') : t('signOut.expired')}</p>
          <Link to="/" className="btn btn-primary mt-6">
            {t('signOut.home')}
          </Link>
        </>
      ) : null}
    </div>
  );
}
