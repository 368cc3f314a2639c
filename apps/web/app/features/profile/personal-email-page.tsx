import { PersonalEmailBodySchema } from '@portal/contracts/profile';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { Alert } from '~/components/alert';
import { contractResolver } from '~/components/contract-resolver';
import { FormField } from '~/components/form-field';
import { PageTitle } from '~/components/page-title';
import { useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';
import { useProfile } from './api/get-profile';
import {
  useConfirmPersonalEmailChange,
  useStartPersonalEmailChange,
} from './api/change-personal-email';
import { useProfileContext } from './profile-layout';
import { PendingButton } from '~/components/pending-button';

type EmailValues = { email: string };
/** The server's own check of the address (the contracts' schema), before any call. */
const emailResolver = contractResolver<EmailValues, EmailValues>(PersonalEmailBodySchema);

/** The first problem of an API failure, as the page shows it. */
function shownOf(failure: unknown, fallback: string): ShownMessage {
  if (!(failure instanceof ApiError)) return fallback;
  const item = failure.fieldErrors[0];
  return item ? failure.fieldMessage(item) : failure;
}

/**
 * `/profile/email-pribadi`: add or change the personal e-mail. A code goes to the new
 * address; once it is typed here the change is made and the address on file is told.
 */
export function PersonalEmailPage() {
  const { t } = useTranslation('profile');
  const { user } = useProfileContext();
  const profile = useProfile(user);
  const start = useStartPersonalEmailChange();
  const confirm = useConfirmPersonalEmailChange();
  const localise = useLocaliseMessage();
  const ids = { email: useId(), code: useId() };
  const emailForm = useForm<EmailValues>({
    defaultValues: { email: '' },
    resolver: emailResolver,
    shouldFocusError: false,
  });
  const codeForm = useForm<{ code: string }>({
    defaultValues: { code: '' },
    shouldFocusError: false,
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<ShownMessage | null>(null);
  const [codeError, setCodeError] = useState<ShownMessage | null>(null);
  const { setFocus: focusEmail } = emailForm;
  const { setFocus: focusCode } = codeForm;

  useEffect(() => {
    if (sentTo) focusCode('code');
  }, [sentTo, focusCode]);

  const send = emailForm.handleSubmit(
    ({ email }) => {
      setChangedTo(null);
      setEmailError(null);
      start.mutate(email, {
        onSuccess: (started) => {
          setSentTo(started.email);
          codeForm.reset({ code: '' });
          setCodeError(null);
        },
        onError: (failure) => {
          setEmailError(shownOf(failure, t('email.failed')));
          focusEmail('email');
        },
      });
    },
    (errors) => {
      setChangedTo(null);
      setEmailError(errors.email?.message ?? errors.root?.message ?? t('email.failed'));
      focusEmail('email');
    },
  );

  const verify = codeForm.handleSubmit(
    ({ code }) => {
      setCodeError(null);
      confirm.mutate(code.trim(), {
        onSuccess: (confirmed) => {
          setChangedTo(confirmed.email);
          setSentTo(null);
          emailForm.reset({ email: '' });
        },
        onError: (failure) => {
          setCodeError(shownOf(failure, t('email.failed')));
          focusCode('code');
        },
      });
    },
    (errors) => {
      setCodeError(errors.code?.message ?? t('email.codeFormat'));
      focusCode('code');
    },
  );

  const current = profile.data?.personalEmail;
  return (
    <>
      <PageTitle title={t('sections.personal-email.title')} />
      <h1 className="text-3xl font-bold">{t('sections.personal-email.title')}</h1>
      <p className="mt-3 text-muted">{t('email.intro')}</p>
      {profile.data && (
        <p className="mt-3">
          {t('email.current')}{' '}
          <span className="font-semibold break-all">{current ?? t('email.none')}</span>
        </p>
      )}
      {changedTo && (
        <Alert variant="info" className="mt-4">
          {t('email.done', { email: changedTo })}
        </Alert>
      )}
      <form className="mt-6 max-w-xl space-y-5" noValidate onSubmit={send}>
        <FormField
          id={ids.email}
          label={current ? t('email.newLabel') : t('email.addLabel')}
          error={localise(emailError)}
          announceError
        >
          {(control) => (
            <input
              {...control}
              type="email"
              inputMode="email"
              autoComplete="email"
              {...emailForm.register('email')}
            />
          )}
        </FormField>
        <PendingButton
          type="submit"
          className="btn btn-primary w-full sm:w-auto"
          pending={start.isPending}
        >
          {start.isPending ? t('email.sending') : sentTo ? t('email.resend') : t('email.send')}
        </PendingButton>
      </form>
      {sentTo && (
        <section aria-labelledby={`${ids.code}-heading`} className="mt-8 max-w-xl">
          <h2 id={`${ids.code}-heading`} className="text-xl font-bold">
            {t('email.codeTitle')}
          </h2>
          <p className="mt-2" role="status">
            {t('email.sent', { email: sentTo })}
          </p>
          <form className="mt-4 space-y-5" noValidate onSubmit={verify}>
            <FormField
              id={ids.code}
              label={t('email.codeLabel')}
              error={localise(codeError)}
              announceError
            >
              {(control) => (
                <input
                  {...control}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  {...codeForm.register('code', {
                    validate: (code) => /^\d{6}$/.test(code.trim()) || t('email.codeFormat'),
                  })}
                />
              )}
            </FormField>
            <PendingButton
              type="submit"
              className="btn btn-primary w-full sm:w-auto"
              pending={confirm.isPending}
            >
              {confirm.isPending ? t('email.confirming') : t('email.confirm')}
            </PendingButton>
          </form>
        </section>
      )}
    </>
  );
}
