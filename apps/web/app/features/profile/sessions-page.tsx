import type { SignedInSession } from '@portal/contracts/profile';
import { useTranslation } from 'react-i18next';
import { Alert } from '~/components/alert';
import { PageTitle } from '~/components/page-title';
import { formatClock } from '~/i18n/format-clock';
import { ActionOutcome, useActionOutcome } from './action-outcome';
import { useEndSessions, useSignedInSessions } from './api/signed-in-sessions';
import { PendingButton } from '~/components/pending-button';

/**
 * `/profile/perangkat`: each place the account is signed in, by browser and system
 * (never by address), this one marked; any other signed out at once, or all of them.
 */
export function SessionsPage() {
  const { t, i18n } = useTranslation('profile');
  const sessions = useSignedInSessions();
  const end = useEndSessions();
  const outcome = useActionOutcome();

  const when = (iso: string | null) => {
    if (!iso) return t('sessions.unknown');
    const at = Date.parse(iso);
    const locale = i18n.language === 'en' ? 'en-GB' : 'id-ID';
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at);
    return `${day}, ${formatClock(at, i18n.language)}`;
  };
  const name = (session: SignedInSession) =>
    [session.browser, session.system].filter(Boolean).join(' · ') || t('sessions.unknownDevice');

  const run = (which: { id: string } | 'others') => {
    outcome.clear();
    end.mutate(which, {
      onSuccess: (result) => outcome.succeeded(t('sessions.ended', { count: result.ended })),
      onError: (failure) => outcome.failed(failure, t('sessions.failed')),
    });
  };

  const others = sessions.data?.filter((session) => !session.current) ?? [];
  return (
    <>
      <PageTitle title={t('sections.sessions.title')} />
      <h1 className="text-3xl font-bold">{t('sections.sessions.title')}</h1>
      <p className="mt-3 text-muted">{t('sessions.intro')}</p>
      <ActionOutcome outcome={outcome} />
      {sessions.isPending && (
        <p className="mt-3 text-muted" role="status">
          {t('loading')}
        </p>
      )}
      {sessions.isError && <Alert variant="error">{t('sessions.failed')}</Alert>}
      {sessions.data && (
        <ul className="mt-4 space-y-3" aria-label={t('sections.sessions.title')}>
          {sessions.data.map((session) => (
            <li key={session.id} className="rounded-lg border border-line p-4">
              <p className="font-semibold">
                {name(session)}
                {session.current && (
                  <span className="ml-2 rounded bg-brand-soft px-2 py-0.5 text-sm text-brand-dark">
                    {t('sessions.thisDevice')}
                  </span>
                )}
              </p>
              <p className="text-sm text-muted">
                {t('sessions.signedIn', { when: when(session.signed_in_at) })}
              </p>
              <p className="text-sm text-muted">
                {t('sessions.lastUsed', { when: when(session.last_used_at) })}
              </p>
              {!session.current && (
                <PendingButton
                  type="button"
                  className="btn btn-secondary mt-3"
                  pending={end.isPending}
                  onClick={() => run({ id: session.id })}
                  aria-label={t('sessions.endOneNamed', { device: name(session) })}
                >
                  {t('sessions.endOne')}
                </PendingButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <PendingButton
          type="button"
          className="btn btn-primary mt-6 w-full sm:w-auto"
          pending={end.isPending}
          onClick={() => run('others')}
        >
          {t('sessions.endOthers')}
        </PendingButton>
      )}
    </>
  );
}
