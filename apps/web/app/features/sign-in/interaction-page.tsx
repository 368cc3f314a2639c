import type { SignInStep } from '@portal/contracts/sign-in';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '~/api/api-client';
import { QueryProvider } from '~/api/query-provider';
import { BotCheck, type BotCheckHandle } from '~/components/bot-check';
import { FormField } from '~/components/form-field';
import { PasswordInput } from '~/components/password-input';
import { PageTitle } from '~/components/page-title';
import { ShowPasswordToggle } from '~/components/show-password-toggle';
import { webConfig } from '~/config';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/sign-in.json';
import id from '~/locales/id/sign-in.json';
import { useInteractionDetails } from './api/get-interaction-details';
import { useSignInWithPassword } from './api/sign-in-with-password';
import { ConsentStep } from './consent-step';
import { NewPasswordStep } from './new-password-step';
import { RecoveryCodesStep, type Enrolled } from './recovery-codes-step';
import { TotpEnrolStep, TotpStep } from './second-factor-steps';
import { StepAlert } from './step-alert';
import type { StepProps } from './step-props';
import { follow, useStepCall } from './use-step-call';
import { useRemoteToggle } from '~/toggles/use-feature';
import { Alert } from '~/components/alert';

registerNamespace('sign-in', { id, en });

// The recovery codes are the web's own step: the provider has finished with the enrolment.
type Step = 'password' | SignInStep | 'recovery-codes' | 'consent';

/** The heading of each step, under `steps.<key>.title` (the password's is the page's own). */
const STEP_KEYS: Record<Exclude<Step, 'password'>, string> = {
  'new-password': 'newPassword',
  'totp-enrol': 'totpEnrol',
  totp: 'totp',
  'recovery-codes': 'recovery',
  consent: 'consent',
};

/**
 * The provider's sign-in page (`/auth/sign-in/:uid`, issue 19): the account address and the
 * password, then what the account still owes before the sign-in ends: a new password in place
 * of an initial one, and for ministry staff the authenticator app. A reload resumes at the step.
 */
export function InteractionPage() {
  return (
    <QueryProvider>
      <Interaction />
    </QueryProvider>
  );
}

function Interaction() {
  const { t } = useTranslation('sign-in');
  const { uid = '' } = useParams();
  const details = useInteractionDetails(uid);
  const [chosenStep, setStep] = useState<Step | null>(null);
  const [ended, setExpired] = useState(false);
  const [enrolled, setEnrolled] = useState<Enrolled | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<Step | null>(null);
  const domain = webConfig.domain;
  const onExpired = useCallback(() => setExpired(true), []);
  const onEnrolled = useCallback((codes: Enrolled) => {
    setEnrolled(codes);
    setStep('recovery-codes');
  }, []);

  // The step the interaction stands at when the page opens, until a step's answer leads on.
  const opened = details.data;
  const step: Step | null =
    chosenStep ??
    (opened
      ? opened.prompt === 'consent'
        ? 'consent'
        : (opened.step ?? 'password')
      : details.isError
        ? 'password'
        : null);
  // An address that names no interaction of this browser (ended, or made up) starts again.
  const unknown = !opened && details.error instanceof ApiError && details.error.status < 500;
  const expired = ended || unknown;

  // A new step moves focus to its heading, so a screen reader starts there.
  useEffect(() => {
    if (shownStep.current !== null && step !== shownStep.current) heading.current?.focus();
    shownStep.current = step;
  }, [step]);

  const platform = opened?.client.name ?? opened?.client.id ?? '';
  const title =
    step === 'consent'
      ? t('consent.title', { platform })
      : step && step !== 'password'
        ? t(`steps.${STEP_KEYS[step]}.title`)
        : t('title', { domain });
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title={title} />
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        {title}
      </h1>
      {expired ? (
        <Alert variant="error-box" className="mt-6" title={t('expired')}>
          <Link to="/auth/login" reloadDocument className="btn btn-primary mt-4">
            {t('startAgain')}
          </Link>
        </Alert>
      ) : step === null ? (
        <p className="mt-3 text-muted" role="status">
          {t('loading')}
        </p>
      ) : step === 'consent' ? (
        <ConsentStep
          uid={uid}
          platform={platform}
          address={opened?.client.address ?? null}
          scopes={opened?.consent?.scopes ?? []}
          onExpired={onExpired}
        />
      ) : step === 'password' ? (
        <PasswordStep uid={uid} onStep={setStep} onExpired={onExpired} />
      ) : step === 'new-password' ? (
        <NewPasswordStep uid={uid} onStep={setStep} onExpired={onExpired} />
      ) : step === 'totp-enrol' ? (
        <TotpEnrolStep uid={uid} onExpired={onExpired} onEnrolled={onEnrolled} />
      ) : step === 'recovery-codes' ? (
        enrolled && <RecoveryCodesStep enrolled={enrolled} />
      ) : (
        <TotpStep uid={uid} onExpired={onExpired} />
      )}
    </div>
  );
}

type FieldProblems = { email?: string; password?: string; altcha?: string };

/**
 * The address and password, shown on request, paste allowed. A wrong password, an unknown
 * address and a locked account get the same answer from the API.
 */
function PasswordStep({ uid, onStep, onExpired }: StepProps) {
  const { t } = useTranslation('sign-in');
  const call = useStepCall(onExpired, ['altcha']);
  const signIn = useSignInWithPassword(uid);
  // After repeated failures from this address the API asks for the bot check too.
  const details = useInteractionDetails(uid);
  const needsBotCheck = details.data?.bot_check ?? false;
  const [altcha, setAltcha] = useState<string | null>(null);
  const botCheckWidget = useRef<BotCheckHandle>(null);
  const [visible, setVisible] = useState(false);
  const [fields, setFields] = useState<FieldProblems>({});
  const domain = webConfig.domain;
  const loginOn = useRemoteToggle('LOGIN');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '')
      .trim()
      .toLowerCase();
    const password = String(form.get('password') ?? '');
    // The portal's own domain or one below it (ministry staff): a personal address is a mistake.
    const ownDomain = email.endsWith(`@${domain}`) || email.endsWith(`.${domain}`);
    const problems: FieldProblems = {
      ...(email === ''
        ? { email: t('required') }
        : ownDomain && !email.startsWith('@')
          ? {}
          : { email: t('emailInvalid', { domain }) }),
      ...(password === '' ? { password: t('required') } : {}),
    };
    setFields(problems);
    if (problems.email || problems.password) {
      document.getElementById(problems.email ? 'sign-in-email' : 'sign-in-password')?.focus();
      return;
    }
    if (needsBotCheck && !altcha) {
      setFields({ altcha: t('botCheckNeeded') });
      return;
    }
    void call
      .run(
        () => signIn.mutateAsync({ email, password, ...(altcha ? { altcha } : {}) }),
        (result) => follow(result, onStep),
      )
      .then(() => {
        // A solved challenge is accepted once; whether the next try needs one, the API says
        // (a failed read keeps what it said before).
        botCheckWidget.current?.reset();
        setAltcha(null);
        void details.refetch();
      });
  };

  return (
    <>
      <p className="mt-3 text-muted">{t('intro', { domain })}</p>
      {loginOn ? null : (
        <Alert variant="warning" className="mt-4">
          {t('loginOff', { domain })}
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-busy={call.busy}>
        <StepAlert problem={call.general} />
        <FormField
          id="sign-in-email"
          label={t('email', { domain })}
          hint={t('emailHint', { domain })}
          error={fields.email}
        >
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField id="sign-in-password" label={t('password')} error={fields.password}>
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              visible={visible}
              autoComplete="current-password"
            />
          )}
        </FormField>
        <ShowPasswordToggle
          visible={visible}
          onToggle={() => setVisible((current) => !current)}
          label={t('show')}
        />
        {needsBotCheck ? (
          <div>
            <BotCheck ref={botCheckWidget} onVerified={setAltcha} />
            {fields.altcha || call.fieldError('altcha') ? (
              <Alert variant="field-error">{fields.altcha ?? call.fieldError('altcha')}</Alert>
            ) : null}
          </div>
        ) : null}
        <button type="submit" className="btn btn-primary w-full" disabled={call.busy}>
          {call.busy ? t('submitting') : t('submit')}
        </button>
        <Link to="/#lupa-kata-sandi" className="link inline-flex min-h-11 items-center">
          {t('forgot')}
        </Link>
      </form>
    </>
  );
}
