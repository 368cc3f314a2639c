import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts/business-constants';
import { STAFF_MESSAGES } from '@portal/contracts/staff';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '~/api/api-client';
import { QueryProvider } from '~/api/query-provider';
import { Alert } from '~/components/alert';
import { FormField } from '~/components/form-field';
import { PageTitle } from '~/components/page-title';
import { PasswordInput } from '~/components/password-input';
import { ShowPasswordToggle } from '~/components/show-password-toggle';
import { registerNamespace } from '~/i18n/i18n';
import {
  fromFormError,
  toFormError,
  useLocaliseMessage,
  type ShownMessage,
} from '~/i18n/server-messages';
import resetEn from '~/locales/en/password-reset.json';
import resetId from '~/locales/id/password-reset.json';
import { useAcceptStaffInvitation } from './api/accept-staff-invitation';
import './console-texts';

// The password step reads as the reset flow's does: the same rule, hints and messages.
registerNamespace('password-reset', { id: resetId, en: resetEn });

/** Length as the server counts it: by characters, so an emoji is one, not two. */
const passwordLength = (value: string): number => [...value].length;

/**
 * Reads the token from the invitation's link (`#t=…`) and takes it out of the address bar, so
 * that neither history nor a shared screenshot carries it.
 */
function tokenFromAddress(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('t');
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/**
 * `/konsol/undangan` (issue 34): the invited staff member chooses a password with the link's
 * token, then signs in, which enrols their authenticator app. No sign-in before it.
 */
export function InvitationPage() {
  const { t } = useTranslation('console');
  return (
    <div className="page-container max-w-xl py-10">
      <PageTitle title={t('invitation.title')} />
      <h1 className="text-3xl font-bold">{t('invitation.title')}</h1>
      <QueryProvider>
        <Invitation />
      </QueryProvider>
    </div>
  );
}

function Invitation() {
  const { t } = useTranslation('console');
  const localise = useLocaliseMessage();
  // undefined until the browser has read the address.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [linkProblem, setLinkProblem] = useState<ShownMessage | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => setToken(tokenFromAddress()), []);
  useEffect(() => {
    if (email) doneHeading.current?.focus();
  }, [email]);

  if (token === undefined) {
    return (
      <p role="status" className="mt-4 text-muted">
        {t('loading')}
      </p>
    );
  }
  if (token === null || linkProblem) {
    return (
      <Alert variant="error-box" className="mt-6">
        {localise(linkProblem ?? STAFF_MESSAGES.invitationInvalid)}
      </Alert>
    );
  }
  if (email) {
    return (
      <div className="mt-6">
        <h2 ref={doneHeading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {t('invitation.doneTitle')}
        </h2>
        <p className="mt-3">{t('invitation.doneBody', { email })}</p>
        <Link to="/auth/login?returnTo=%2Fkonsol" className="btn btn-primary mt-6">
          {t('invitation.signIn')}
        </Link>
      </div>
    );
  }
  return <PasswordForm token={token} onDone={setEmail} onLinkProblem={setLinkProblem} />;
}

type Fields = { password: string; confirmation: string };

function PasswordForm({
  token,
  onDone,
  onLinkProblem,
}: {
  token: string;
  onDone: (email: string) => void;
  onLinkProblem: (problem: ShownMessage) => void;
}) {
  const { t } = useTranslation(['password-reset', 'console']);
  const localise = useLocaliseMessage();
  const accept = useAcceptStaffInvitation();
  const [visible, setVisible] = useState(false);
  const [formError, setFormError] = useState<ShownMessage | null>(null);
  const ids = { rule: useId(), password: useId(), length: useId(), confirmation: useId() };
  const {
    register,
    handleSubmit,
    watch,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<Fields>({ defaultValues: { password: '', confirmation: '' } });
  const length = passwordLength(watch('password'));

  const onSubmit = handleSubmit(({ password }) => {
    setFormError(null);
    accept.mutate(
      { token, password },
      {
        onSuccess: ({ email }) => onDone(email),
        onError: (failure) => {
          if (!(failure instanceof ApiError)) {
            setFormError(t('generic'));
            return;
          }
          if (failure.id === 'staff_invitation_invalid') {
            onLinkProblem(failure);
            return;
          }
          const onPassword = failure.fieldErrors.find((item) => item.field === 'password');
          if (!onPassword) {
            setFormError(failure);
            return;
          }
          setError('password', toFormError(failure.fieldMessage(onPassword)));
          setFocus('password');
        },
      },
    );
  });

  const lengthHint =
    length >= PASSWORD_MIN_LENGTH
      ? t('newPassword.lengthOk', { count: length })
      : t('newPassword.lengthShort', { count: length, missing: PASSWORD_MIN_LENGTH - length });

  return (
    <>
      <p className="mt-3 text-muted">{t('console:invitation.intro')}</p>
      <p id={ids.rule} className="mt-3 rounded-md bg-brand-soft p-3">
        {t('newPassword.rule', { min: PASSWORD_MIN_LENGTH })}
      </p>
      <form className="mt-6 space-y-5" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField
          id={ids.password}
          label={t('newPassword.passwordLabel')}
          describedBy={`${ids.rule} ${ids.length}`}
          error={localise(fromFormError(errors.password))}
          announceError
        >
          {(control) => (
            <>
              <PasswordInput
                {...control}
                visible={visible}
                autoComplete="new-password"
                {...register('password', {
                  validate: (value) => {
                    if (value === '') return t('newPassword.required');
                    if (passwordLength(value) < PASSWORD_MIN_LENGTH)
                      return t('newPassword.tooShort', { min: PASSWORD_MIN_LENGTH });
                    if (passwordLength(value) > PASSWORD_MAX_LENGTH)
                      return t('newPassword.tooLong', { max: PASSWORD_MAX_LENGTH });
                    return true;
                  },
                })}
              />
              <p id={ids.length} className="mt-1 text-sm text-muted">
                {lengthHint}
              </p>
            </>
          )}
        </FormField>
        <FormField
          id={ids.confirmation}
          label={t('newPassword.confirmLabel')}
          error={localise(fromFormError(errors.confirmation))}
          announceError
        >
          {(control) => (
            <PasswordInput
              {...control}
              visible={visible}
              autoComplete="new-password"
              {...register('confirmation', {
                validate: (value, all) => {
                  if (value === '') return t('newPassword.required');
                  return value === all.password || t('newPassword.mismatch');
                },
              })}
            />
          )}
        </FormField>
        <ShowPasswordToggle
          visible={visible}
          onToggle={() => setVisible((current) => !current)}
          label={t('newPassword.show')}
        />
        <Alert variant="field-error">{localise(formError)}</Alert>
        <button
          type="submit"
          className="btn btn-primary w-full sm:w-auto"
          disabled={accept.isPending}
        >
          {accept.isPending ? t('newPassword.saving') : t('newPassword.submit')}
        </button>
      </form>
    </>
  );
}
