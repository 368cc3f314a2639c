import { STAFF_MESSAGES } from '@portal/contracts/staff';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '~/api/api-client';
import { QueryProvider } from '~/api/query-provider';
import { Alert } from '~/components/alert';
import { FormSubmit } from '~/components/form-submit';
import { NewPasswordFields, type NewPasswordValues } from '~/components/new-password-fields';
import { PageTitle } from '~/components/page-title';
import { toFormError, useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';
import { useAcceptStaffInvitation } from './api/accept-staff-invitation';
import './console-texts';

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
 * `/konsol/undangan`: the invited staff member chooses a password with the link's
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
        <Link to="/auth/login?returnTo=%2Fkonsol" reloadDocument className="btn btn-primary mt-6">
          {t('invitation.signIn')}
        </Link>
      </div>
    );
  }
  return <PasswordForm token={token} onDone={setEmail} onLinkProblem={setLinkProblem} />;
}

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
  const [formError, setFormError] = useState<ShownMessage | null>(null);
  const form = useForm<NewPasswordValues>({ defaultValues: { password: '', confirmation: '' } });
  const { handleSubmit, setError, setFocus } = form;

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

  return (
    <>
      <p className="mt-3 text-muted">{t('invitation.intro', { ns: 'console' })}</p>
      <form className="mt-6 space-y-5" noValidate onSubmit={(event) => void onSubmit(event)}>
        <NewPasswordFields form={form} />
        <FormSubmit
          error={localise(formError)}
          pending={accept.isPending}
          label={t('newPassword.submit')}
          pendingLabel={t('newPassword.saving')}
        />
      </form>
    </>
  );
}
