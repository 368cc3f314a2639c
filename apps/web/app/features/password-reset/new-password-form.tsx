import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '~/api/api-client';
import { QueryProvider } from '~/api/query-provider';
import { useDialogs } from '~/components/dialog-store';
import { toFormError, useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';
import { brand } from '~/config';
import { useSetNewPassword } from './api/set-new-password';
import { formatClock } from '~/i18n/format-clock';
import { RESET_NS } from './password-reset-texts';
import { clearResetFlow, readResetFlow } from './reset-flow-storage';
import type { ResetSession } from './reset-flow-storage';
import { Alert } from '~/components/alert';
import { FormSubmit } from '~/components/form-submit';
import { NewPasswordFields, type NewPasswordValues } from '~/components/new-password-fields';
import { FIRST_VIEW_CLASS, resetRead, useHydratingFirstView } from './first-view';

const SERVER_FIELDS: Record<string, keyof NewPasswordValues> = {
  password: 'password',
  password_confirmation: 'confirmation',
};

/**
 * The last step's content with its calls, a part of `NewPasswordPage`: it comes after
 * the page's first script, so the prerendered page shows its title before this code arrives.
 */
export function NewPasswordWithQueries() {
  return (
    <QueryProvider>
      <NewPasswordContent />
    </QueryProvider>
  );
}

function NewPasswordContent() {
  const { t } = useTranslation(RESET_NS);
  // Undefined until the browser-only state is read after hydration.
  const [session, setSession] = useState<ResetSession | null>();
  const [done, setDone] = useState(false);
  const [sessionProblem, setSessionProblem] = useState<ShownMessage | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const firstView = useHydratingFirstView();

  useEffect(() => {
    setSession(readResetFlow().session);
    resetRead();
  }, []);

  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);

  // The prerendered page shows the notice (no reset can be read there); in the browser the
  // page waits for the tab's reset with its title only.
  if (session === undefined && !firstView)
    return <h1 className="text-3xl font-bold">{t('newPassword.title')}</h1>;

  if (done) {
    return (
      <div>
        <h1 ref={doneHeading} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
          {t('newPassword.doneTitle')}
        </h1>
        <p className="mt-4 text-lg">{t('newPassword.doneBody')}</p>
        <p className="mt-3">{t('newPassword.doneNotice')}</p>
        <p className="mt-3">
          {t('newPassword.doneWarning')}{' '}
          <a className="link" href={brand.helpCentreUrl} rel="noopener">
            {t('newPassword.helpCentre')}
          </a>
        </p>
        <Link to="/" className="btn btn-primary mt-6">
          {t('newPassword.home')}
        </Link>
      </div>
    );
  }

  if (!session?.verifiedUntil || sessionProblem) {
    return (
      <>
        <h1 className="text-3xl font-bold">{t('newPassword.title')}</h1>
        <div className={session === undefined ? FIRST_VIEW_CLASS : undefined}>
          <SessionProblem message={sessionProblem ?? t('newPassword.notVerified')} />
        </div>
      </>
    );
  }

  return (
    <>
      <h1 className="text-3xl font-bold">{t('newPassword.title')}</h1>
      <NewPasswordForm
        session={session}
        onDone={() => {
          clearResetFlow();
          setDone(true);
        }}
        onSessionProblem={(message) => {
          clearResetFlow();
          setSessionProblem(message);
        }}
      />
    </>
  );
}

function SessionProblem({ message }: { message: ShownMessage }) {
  const { t } = useTranslation(RESET_NS);
  const localise = useLocaliseMessage();
  const dialogs = useDialogs();
  return (
    <div className="mt-4">
      <Alert variant="error">{localise(message)}</Alert>
      <button
        type="button"
        className="btn btn-primary mt-4"
        onClick={() => {
          clearResetFlow();
          dialogs.open({ kind: 'reset' });
        }}
      >
        {t('otp.startAgain')}
      </button>
    </div>
  );
}

function NewPasswordForm({
  session,
  onDone,
  onSessionProblem,
}: {
  session: ResetSession;
  onDone: () => void;
  onSessionProblem: (message: ShownMessage) => void;
}) {
  const { t, i18n } = useTranslation(RESET_NS);
  const localise = useLocaliseMessage();
  const save = useSetNewPassword();
  const [formError, setFormError] = useState<ShownMessage | null>(null);
  const form = useForm<NewPasswordValues>({ defaultValues: { password: '', confirmation: '' } });
  const { handleSubmit, setError, setFocus } = form;

  const onSubmit = handleSubmit((fields) => {
    setFormError(null);
    save.mutate(
      {
        sessionId: session.sessionId,
        password: fields.password,
        confirmation: fields.confirmation,
      },
      {
        onSuccess: onDone,
        onError: (failure) => {
          if (!(failure instanceof ApiError)) {
            setFormError(t('generic'));
            return;
          }
          if (failure.status === 401) {
            onSessionProblem(failure);
            return;
          }
          const fieldErrors = failure.fieldErrors.filter((item) => item.field in SERVER_FIELDS);
          if (failure.fieldErrors.some((item) => item.field === 'otp')) {
            onSessionProblem(failure);
            return;
          }
          if (fieldErrors.length === 0) {
            setFormError(failure);
            return;
          }
          for (const item of fieldErrors) {
            const field = SERVER_FIELDS[item.field];
            const shown = failure.fieldMessage(item);
            if (field) setError(field, toFormError(shown));
          }
          const first = fieldErrors[0] && SERVER_FIELDS[fieldErrors[0].field];
          if (first) setFocus(first);
        },
      },
    );
  });

  return (
    <>
      <p className="mt-3 text-muted">{t('newPassword.intro')}</p>
      {session.verifiedUntil ? (
        <p className="mt-2 text-sm text-muted">
          {t('newPassword.expiresAt', { time: formatClock(session.verifiedUntil, i18n.language) })}
        </p>
      ) : null}

      <form className="mt-6 space-y-5" noValidate onSubmit={(event) => void onSubmit(event)}>
        <NewPasswordFields form={form} />

        <FormSubmit
          error={localise(formError)}
          pending={save.isPending}
          label={t('newPassword.submit')}
          pendingLabel={t('newPassword.saving')}
        />
      </form>
    </>
  );
}
