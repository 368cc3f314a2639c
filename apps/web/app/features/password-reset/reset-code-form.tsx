import { RESET_POLICY, ValidateOtpBodySchema } from '@portal/contracts/password-reset';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import { ApiError } from '~/api/api-client';
import { QueryProvider } from '~/api/query-provider';
import { CodeInput } from '~/components/code-input';
import { contractResolver } from '~/components/contract-resolver';
import { useDialogs } from '~/components/dialog-store';
import { FormField } from '~/components/form-field';
import { useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';
import { useSendResetCode } from './api/send-reset-code';
import { useValidateResetCode } from './api/validate-reset-code';
import { normaliseCode, parseCodeLink } from './code-link';
import { RESET_NS } from './password-reset-texts';
import { RESET_NEW_PASSWORD_PATH } from './reset-paths';
import {
  clearResetFlow,
  readResetFlow,
  resetSessionFrom,
  saveResetSession,
  updateResetSession,
} from './reset-flow-storage';
import type { ResetFlow } from './reset-flow-storage';
import { formatClock } from '~/i18n/format-clock';
import { useSecondsUntil } from '~/components/use-seconds-until';
import { Alert } from '~/components/alert';
import { FIRST_VIEW_CLASS, resetRead, useHydratingFirstView } from './first-view';
import { PendingButton } from '~/components/pending-button';

const CODE_PATTERN = `[0-9]{${RESET_POLICY.codeDigits}}`;

type Loaded = { flow: ResetFlow; fromLink: boolean; code: string };
type OtpValues = { otp: string };
type OtpBody = z.output<typeof ValidateOtpBodySchema>;

/**
 * Reads the link from the e-mail (`#sesi=…&kode=…`) and removes it from the address bar before
 * anything else can copy it, then the stored reset of this tab.
 */
function loadFromAddress(): Loaded {
  const link = parseCodeLink(window.location.hash);
  if (link) {
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const stored = readResetFlow();
    const same = stored.session?.sessionId === link.sessionId ? stored.session : null;
    saveResetSession(
      same ?? {
        sessionId: link.sessionId,
        method: 'email',
        sentTo: null,
        codeExpiresAt: null,
        resendAvailableAt: null,
        attemptsLeft: null,
        verifiedUntil: null,
      },
    );
    return { flow: readResetFlow(), fromLink: true, code: link.code ?? '' };
  }
  return { flow: readResetFlow(), fromLink: false, code: '' };
}

/**
 * The OTP form with its calls, a part of `ResetCodePage`: it comes after the page's
 * first script, so the prerendered page shows its title before this code has arrived.
 */
export function ResetCodeFormWithQueries() {
  return (
    <QueryProvider>
      <ResetCodeForm />
    </QueryProvider>
  );
}

function ResetCodeForm() {
  const { t, i18n } = useTranslation(RESET_NS);
  const localise = useLocaliseMessage();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const validate = useValidateResetCode();
  const resend = useSendResetCode();
  const ids = { code: useId() };
  const firstView = useHydratingFirstView();
  // Undefined until the browser-only state is read after hydration.
  const [loaded, setLoaded] = useState<Loaded>();
  const session = loaded?.flow.session ?? null;
  const sessionId = session?.sessionId;
  const resolver = useMemo(
    () =>
      contractResolver<OtpValues, OtpBody>(ValidateOtpBodySchema, ({ otp }) => ({
        session_id: sessionId,
        otp,
      })),
    [sessionId],
  );
  const { control, handleSubmit, reset, setFocus, setValue } = useForm<OtpValues, unknown, OtpBody>(
    { defaultValues: { otp: '' }, resolver, shouldFocusError: false },
  );
  const [error, setError] = useState<ShownMessage | null>(null);
  const [ended, setEnded] = useState(false);
  const [status, setStatus] = useState('');

  useEffect(() => {
    const next = loadFromAddress();
    // StrictMode runs this twice in development: the second run finds the fragment gone.
    setLoaded((current) => (current?.fromLink && !next.fromLink ? current : next));
    if (next.fromLink) {
      reset({ otp: next.code });
      // The address bar is already clean; this tells the router, whose location still has it.
      void navigate(window.location.pathname, { replace: true });
    }
    resetRead();
  }, [navigate, reset]);

  const account = loaded?.flow.account ?? null;
  const resendSeconds = useSecondsUntil(session?.resendAvailableAt ?? null);
  const expirySeconds = useSecondsUntil(session?.codeExpiresAt ?? null);
  const expired = session?.codeExpiresAt != null && expirySeconds === 0;

  const wasCounting = useRef(false);
  useEffect(() => {
    if (resendSeconds > 0) wasCounting.current = true;
    else if (wasCounting.current) {
      wasCounting.current = false;
      setStatus(t('otp.resendReady'));
    }
  }, [resendSeconds, t]);

  const startAgain = () => {
    clearResetFlow();
    dialogs.open({ kind: 'reset' });
  };

  // The prerendered page shows the notice (no reset can be read there); in the browser the
  // page waits for the tab's reset instead of showing a notice that may not apply.
  if (!loaded && !firstView) return null;

  if (!loaded || !session) {
    return (
      <div className={loaded ? 'mt-4' : `mt-4 ${FIRST_VIEW_CLASS}`}>
        <Alert variant="error">{t('otp.noSession')}</Alert>
        <button type="button" className="btn btn-primary mt-4" onClick={startAgain}>
          {t('otp.startAgain')}
        </button>
      </div>
    );
  }

  const replaceSession = (change: Partial<NonNullable<ResetFlow['session']>>) => {
    updateResetSession(change);
    setLoaded((current) =>
      current?.flow.session
        ? { ...current, flow: { ...current.flow, session: { ...current.flow.session, ...change } } }
        : current,
    );
  };

  const onSubmit = handleSubmit(
    ({ otp }) => {
      setStatus('');
      setError(null);
      validate.mutate(
        { sessionId: session.sessionId, code: otp },
        {
          onSuccess: (result) => {
            updateResetSession({ verifiedUntil: Date.now() + result.expires_in * 1000 });
            void navigate(RESET_NEW_PASSWORD_PATH);
          },
          onError: (failure) => {
            const left = failure instanceof ApiError ? failure.attemptsLeft : null;
            if (left !== null) replaceSession({ attemptsLeft: left });
            if (left === 0 || (failure instanceof ApiError && failure.status === 401)) {
              setEnded(true);
              clearResetFlow();
            }
            setError(failure instanceof ApiError ? failure : t('generic'));
            setValue('otp', '');
            setFocus('otp');
          },
        },
      );
    },
    (errors) => {
      setStatus('');
      setError(errors.otp?.message ?? errors.root?.message ?? t('generic'));
      setFocus('otp');
    },
  );

  const onResend = () => {
    if (!account) return;
    setError(null);
    setStatus('');
    resend.mutate(
      { token: account.token, method: session.method },
      {
        onSuccess: (sent) => {
          saveResetSession(resetSessionFrom(sent));
          setLoaded((current) => current && { ...current, fromLink: false, flow: readResetFlow() });
          setValue('otp', '');
          setStatus(t('otp.resendSent'));
          setFocus('otp');
        },
        onError: (failure) => {
          if (failure instanceof ApiError) {
            if (failure.status === 429 && failure.retryAfter !== null) {
              replaceSession({ resendAvailableAt: Date.now() + failure.retryAfter * 1000 });
            }
            if (failure.status === 401 || failure.attemptsLeft === 0) {
              setEnded(true);
              clearResetFlow();
            }
            setError(failure);
          } else setError(t('generic'));
        },
      },
    );
  };

  const digits = RESET_POLICY.codeDigits;
  const intro = loaded.fromLink
    ? t('otp.introLink')
    : session.sentTo
      ? t(session.method === 'phone' ? 'otp.introPhone' : 'otp.introEmail', {
          digits,
          sentTo: session.sentTo,
        })
      : t('otp.introUnknown', { digits });
  const busy = validate.isPending || resend.isPending;

  return (
    <>
      <p className="mt-3 text-muted">{intro}</p>
      {session.codeExpiresAt !== null ? (
        <p className="mt-2">
          {expired
            ? t('otp.expired')
            : t('otp.expiresAt', { time: formatClock(session.codeExpiresAt, i18n.language) })}
        </p>
      ) : null}

      <form className="mt-6 space-y-4" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField
          id={ids.code}
          label={t('otp.codeLabel')}
          hint={t('otp.codeHint', { digits })}
          error={localise(error)}
          announceError
        >
          {(fieldControl) => (
            <>
              <CodeInput
                {...fieldControl}
                control={control}
                name="otp"
                normalise={normaliseCode}
                pattern={CODE_PATTERN}
                spellCheck={false}
                disabled={ended}
                className={`${fieldControl.className} max-w-48 text-xl tracking-[0.3em]`}
              />
              {/* A wrong code's message says the count already: one counter, not two. */}
              {session.attemptsLeft !== null && session.attemptsLeft > 0 && !ended && !error ? (
                <p className="mt-1 text-sm">
                  {t('otp.attemptsLeft', { count: session.attemptsLeft })}
                </p>
              ) : null}
            </>
          )}
        </FormField>
        {ended ? null : (
          <PendingButton type="submit" className="btn btn-primary w-full sm:w-auto" pending={busy}>
            {validate.isPending ? t('otp.verifying') : t('otp.submit')}
          </PendingButton>
        )}
      </form>

      <div className="mt-6 border-t border-line pt-4">
        {ended ? (
          <button type="button" className="btn btn-primary" onClick={startAgain}>
            {t('otp.startAgain')}
          </button>
        ) : account ? (
          <PendingButton
            type="button"
            className="btn btn-secondary"
            onClick={onResend}
            disabled={resendSeconds > 0}
            pending={busy}
          >
            {resend.isPending
              ? t('otp.resending')
              : resendSeconds > 0
                ? t('otp.resendIn', { count: resendSeconds })
                : t('otp.resend')}
          </PendingButton>
        ) : (
          <p>
            {t('otp.noResendFromLink')}{' '}
            <button type="button" className="link min-h-6" onClick={startAgain}>
              {t('otp.startAgain')}
            </button>
          </p>
        )}
        <p role="status" aria-live="polite" className="mt-2 text-sm">
          {status}
        </p>
      </div>
    </>
  );
}
