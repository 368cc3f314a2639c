import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { browserHasPasskeys, type PasskeyRefusal } from '~/auth/passkeys';
import {
  AppCodeField,
  AuthenticatorKey,
  isAppCode,
  typedCode,
} from '~/components/authenticator-app';
import { FormField } from '~/components/form-field';
import { ApiError } from '~/api/api-client';
import { useConfirmTotpEnrolment } from './api/confirm-totp-enrolment';
import { useTotpEnrolment } from './api/start-totp-enrolment';
import { useInteractionDetails } from './api/get-interaction-details';
import { useSignInWithPasskey } from './api/sign-in-with-passkey';
import { useVerifySecondFactor } from './api/verify-second-factor';
import type { Enrolled } from './recovery-codes-step';
import { StepAlert } from './step-alert';
import { follow, problemOf, useStepCall } from './use-step-call';
import { Alert } from '~/components/alert';

type SecondFactorProps = { uid: string; onExpired: () => void };

/**
 * Ministry staff's first sign-in: the authenticator app is enrolled from a QR code (or the key
 * typed by hand), confirmed by a first code; the page then shows the recovery codes once.
 */
export function TotpEnrolStep({
  uid,
  onExpired,
  onEnrolled,
}: SecondFactorProps & { onEnrolled: (enrolled: Enrolled) => void }) {
  const { t } = useTranslation('sign-in');
  const call = useStepCall(onExpired, ['code', 'recovery_code']);
  const started = useTotpEnrolment(uid);
  const confirm = useConfirmTotpEnrolment(uid);
  const [formatError, setFormatError] = useState<string>();
  const expired = started.error instanceof ApiError && problemOf(started.error).kind === 'expired';
  const enrolment = started.data ?? null;
  const failed = started.isError && !expired;

  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = typedCode(event, 'code');
    setFormatError(isAppCode(code) ? undefined : t('steps.code.format'));
    if (!isAppCode(code)) return;
    void call.run(
      () => confirm.mutateAsync(code),
      (result) => onEnrolled({ codes: result.recovery_codes, redirectTo: result.redirectTo }),
    );
  };

  return (
    <>
      <p className="mt-3 text-muted">{t('steps.totpEnrol.intro')}</p>
      {failed ? (
        <Alert variant="error" className="mt-4">
          {t('steps.totpEnrol.failed')}
        </Alert>
      ) : enrolment === null ? (
        <p role="status" className="mt-4">
          {t('steps.totpEnrol.loading')}
        </p>
      ) : (
        <>
          <AuthenticatorKey
            qrCode={enrolment.qr_code}
            secret={enrolment.secret}
            qrAlt={t('steps.totpEnrol.qrAlt')}
            manual={t('steps.totpEnrol.manual')}
            className="mt-6"
          />
          <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-busy={call.busy}>
            <StepAlert problem={call.general} />
            <AppCodeField
              id="sign-in-enrol-code"
              label={t('steps.code.label')}
              hint={t('steps.code.hint')}
              error={formatError ?? call.fieldError('code')}
            />
            <button type="submit" className="btn btn-primary w-full" disabled={call.busy}>
              {call.busy ? t('submitting') : t('steps.code.submit')}
            </button>
          </form>
        </>
      )}
    </>
  );
}

/**
 * The second factor after the password (staff, and account holders who enrolled one): a passkey
 * when they hold one, a code from the app when they hold it, or a recovery code.
 */
export function TotpStep({ uid, onExpired }: SecondFactorProps) {
  const { t } = useTranslation('sign-in');
  const call = useStepCall(onExpired, ['code', 'recovery_code']);
  const verify = useVerifySecondFactor(uid);
  const [recovery, setRecovery] = useState(false);
  const [formatError, setFormatError] = useState<string>();
  // Whether the account holds a passkey this browser could use: the interaction says.
  const details = useInteractionDetails(uid);
  const [browserCan, setBrowserCan] = useState(false);
  useEffect(() => setBrowserCan(browserHasPasskeys()), []);
  const passkey = browserCan && details.data?.passkey === true;
  // An account holder may hold passkeys only: then a recovery code is the other way in.
  const appHeld = details.data?.totp ?? true;
  const recoveryShown = recovery || !appHeld;
  const withPasskey = useSignInWithPasskey(uid);
  const [refusal, setRefusal] = useState<PasskeyRefusal | null>(null);

  const answerWithPasskey = () => {
    setRefusal(null);
    void call.run(
      () => withPasskey.mutateAsync(),
      (result) => {
        if (typeof result === 'string') setRefusal(result);
        else follow(result, () => onExpired());
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = typedCode(event, 'code').toLowerCase();
    const valid = recoveryShown ? /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(code) : isAppCode(code);
    setFormatError(
      valid ? undefined : t(recoveryShown ? 'steps.recovery.format' : 'steps.code.format'),
    );
    if (!valid) return;
    void call.run(
      () => verify.mutateAsync(recoveryShown ? { recovery_code: code } : { code }),
      (result) => follow(result, () => onExpired()),
    );
  };

  const error =
    formatError ??
    call.fieldError(recoveryShown ? 'recovery_code' : 'code') ??
    call.fieldError('code');
  return (
    <>
      <p className="mt-3 text-muted">
        {passkey
          ? t(appHeld ? 'steps.passkey.intro' : 'steps.passkey.introRecovery')
          : t(appHeld ? 'steps.totp.intro' : 'steps.recovery.signInIntro')}
      </p>
      {passkey ? (
        <div className="mt-6 space-y-2">
          <button
            type="button"
            className="btn btn-primary w-full"
            disabled={call.busy}
            onClick={answerWithPasskey}
          >
            {call.busy ? t('steps.passkey.waiting') : t('steps.passkey.use')}
          </button>
          {refusal ? (
            <Alert variant="field-error">
              {t(refusal === 'declined' ? 'steps.passkey.declined' : 'steps.passkey.failed')}
            </Alert>
          ) : null}
          <p className="pt-4 text-sm text-muted">
            {appHeld ? t('steps.passkey.orCode') : t('steps.passkey.orRecovery')}
          </p>
        </div>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-busy={call.busy}>
        <StepAlert problem={call.general} />
        {recoveryShown ? (
          <FormField
            id="sign-in-recovery-code"
            label={t('steps.recovery.label')}
            hint={t('steps.recovery.hint')}
            error={error}
            announceError
          >
            {(control) => (
              <input
                {...control}
                name="code"
                type="text"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                className={`${control.className} font-mono`}
              />
            )}
          </FormField>
        ) : (
          <AppCodeField
            id="sign-in-code"
            label={t('steps.code.label')}
            hint={t('steps.code.hint')}
            error={error}
          />
        )}
        <button
          type="submit"
          className={`btn w-full ${passkey ? 'btn-secondary' : 'btn-primary'}`}
          disabled={call.busy}
        >
          {call.busy ? t('submitting') : t('steps.code.submit')}
        </button>
        {appHeld ? (
          <button
            type="button"
            className="link inline-flex min-h-11 items-center"
            onClick={() => {
              setRecovery((current) => !current);
              setFormatError(undefined);
              call.clear();
            }}
          >
            {recovery ? t('steps.totp.useApp') : t('steps.totp.useRecovery')}
          </button>
        ) : null}
      </form>
    </>
  );
}
