import type { LookupResult as Result } from '@portal/contracts/account-lookup';
import type { UserType } from '@portal/contracts/user-types';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDialogs } from '~/components/dialog-store';
import { formStyles } from '~/components/form-styles';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { useSendAccountDetails } from './api/send-account-details';
import { useRequestAccountCreation } from './api/request-account-creation';
import { ChangeEmailSection } from './change-email-section';
import { isSessionEnded } from './session-ended';
import { useRemoteToggle } from '~/toggles/use-feature';
import { Alert } from '~/components/alert';
import { PendingButton } from '~/components/pending-button';

type LookupResultProps = {
  userType: UserType;
  result: Result;
  onSearchAgain: () => void;
  /** Called when a follow-up answers 401: the 15-minute lookup token has ended. */
  onSessionEnded: () => void;
};

export function LookupResult({
  userType,
  result: found,
  onSearchAgain,
  onSessionEnded,
}: LookupResultProps) {
  const { t } = useTranslation('account-lookup');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // A confirmed e-mail change shows its new (masked, verified) address everywhere below.
  const [changedEmail, setChangedEmail] = useState<string | null>(null);
  const result: Result = changedEmail
    ? { ...found, email: changedEmail, email_eligible: true }
    : found;
  const hasAccount = result.accounts.length > 0;

  return (
    <section aria-labelledby="lookup-result-title" className="space-y-8">
      <div>
        <h2
          id="lookup-result-title"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold focus:outline-none"
        >
          {hasAccount ? t('result.title') : t('noAccount.title')}
        </h2>
        {hasAccount ? (
          <>
            <p className="mt-2">{t('result.found', { count: result.accounts.length })}</p>
            <ul className="mt-3 space-y-2" data-testid="lookup-accounts">
              {result.accounts.map((account) => (
                <li
                  key={account.email}
                  className="rounded-md border border-line bg-surface p-3 [overflow-wrap:anywhere]"
                >
                  <span className="block font-semibold">{account.email}</span>
                  <span className="block text-sm text-muted">
                    {account.school_level
                      ? `${t('result.level')}: ${account.school_level}`
                      : `${t('result.accountKind')}: ${t(`result.kind.${account.kind}`)}`}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <NoAccount userType={userType} result={result} onSessionEnded={onSessionEnded} />
        )}
      </div>

      <div>
        <h3 className="text-lg font-bold">{t('result.contacts')}</h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted">{t('result.personalEmail')}</dt>
          <dd className="font-semibold [overflow-wrap:anywhere]" data-testid="lookup-masked-email">
            {result.email ?? t('result.notRegistered')}
          </dd>
          <dt className="text-muted">{t('result.phone')}</dt>
          <dd className="font-semibold">{result.phone ?? t('result.notRegistered')}</dd>
        </dl>
      </div>

      {hasAccount ? <SendDetails result={result} onSessionEnded={onSessionEnded} /> : null}
      <ChangeEmailSection
        token={result.token}
        onSessionEnded={onSessionEnded}
        onChanged={setChangedEmail}
      />

      <button
        type="button"
        className="btn btn-secondary w-full sm:w-auto"
        onClick={onSearchAgain}
        data-track="lookup-search-again"
      >
        {t('result.searchAgain')}
      </button>
    </section>
  );
}

function SendDetails({ result, onSessionEnded }: { result: Result; onSessionEnded: () => void }) {
  const { t } = useTranslation('account-lookup');
  const localise = useLocaliseMessage();
  const dialogs = useDialogs();
  const send = useSendAccountDetails();
  useEffect(() => {
    if (isSessionEnded(send.error)) onSessionEnded();
  }, [send.error, onSessionEnded]);
  const eligible = result.email_eligible;

  return (
    <section aria-labelledby="lookup-details-title">
      <h3 id="lookup-details-title" className="text-lg font-bold">
        {t('details.title')}
      </h3>
      <p className="mt-1 text-sm text-muted">{t('details.body')}</p>
      <label htmlFor="lookup-details-email" className={`${formStyles.label} mt-3`}>
        {t('details.emailLabel')}
      </label>
      <input
        id="lookup-details-email"
        type="text"
        readOnly
        disabled={!eligible}
        value={result.email ?? t('result.notRegistered')}
        className={formStyles.control(false)}
      />
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <PendingButton
          type="button"
          className="btn btn-primary w-full sm:w-auto"
          disabled={!eligible || send.isSuccess}
          pending={send.isPending}
          aria-busy={send.isPending || undefined}
          onClick={() => send.mutate(result.token)}
          data-track="lookup-send-details"
        >
          {send.isPending ? t('details.sending') : t('details.send')}
        </PendingButton>
        {!eligible ? (
          <button
            type="button"
            className="link min-h-11"
            onClick={() => dialogs.open({ kind: 'help' })}
            data-track="lookup-help"
          >
            {t('details.noAccess')}
          </button>
        ) : null}
      </div>
      <div role="status" className="mt-3">
        {send.isSuccess ? (
          <p className="rounded-md border-2 border-success bg-success/10 p-3 font-semibold text-success">
            {t('details.sent', { sentTo: send.data.sent_to })}
          </p>
        ) : null}
      </div>
      {send.isError && !isSessionEnded(send.error) ? (
        <Alert variant="error" className="mt-3">
          {localise(send.error)}
        </Alert>
      ) : null}
    </section>
  );
}

function NoAccount({
  userType,
  result,
  onSessionEnded,
}: {
  userType: UserType;
  result: Result;
  onSessionEnded: () => void;
}) {
  const { t } = useTranslation('account-lookup');
  const localise = useLocaliseMessage();
  const creationOn = useRemoteToggle('ACCOUNT_CREATION');
  const create = useRequestAccountCreation();
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (isSessionEnded(create.error)) onSessionEnded();
  }, [create.error, onSessionEnded]);

  if (creationOn && result.can_request_account) {
    return (
      <div className="mt-2 space-y-3">
        <p>{t('noAccount.body')}</p>
        <PendingButton
          type="button"
          className="btn btn-primary w-full sm:w-auto"
          pending={asked}
          aria-busy={create.isPending || undefined}
          onClick={() => {
            setAsked(true);
            create.mutate({ token: result.token, userType }, { onError: () => setAsked(false) });
          }}
          data-track="lookup-request-account"
        >
          {create.isPending ? t('noAccount.requesting') : t('noAccount.request')}
        </PendingButton>
        <div role="status">
          {create.isSuccess ? (
            <p className="rounded-md border-2 border-success bg-success/10 p-3 font-semibold text-success">
              {t('noAccount.queued')}
            </p>
          ) : null}
        </div>
        {create.isError && !isSessionEnded(create.error) ? (
          <Alert variant="error">{localise(create.error)}</Alert>
        ) : null}
      </div>
    );
  }
  return (
    <div className="mt-2 space-y-2">
      <p>{t('noAccount.body')}</p>
      <p>{t(`noAccount.${userType}`)}</p>
      {userType === 'dinas' ? (
        <Link to="/account/dinas" className="link inline-flex min-h-11 items-center">
          {t('noAccount.dinasLink')}
        </Link>
      ) : null}
    </div>
  );
}
