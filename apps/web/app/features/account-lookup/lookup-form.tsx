import type { LookupResult } from '@portal/contracts/account-lookup';
import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import type { UserType } from '@portal/contracts/user-types';
import { Suspense, lazy, memo, useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FORMS_NAMESPACE } from '~/i18n/forms-namespace';
import { useSecondsUntil } from '~/components/use-seconds-until';
import { formatDuration } from '~/i18n/format-duration';
import { ApiError } from '~/api/api-client';
import { BirthDatePicker } from '~/components/birth-date-picker';
import { BotCheck } from '~/bot-check/bot-check';
import type { BotCheckHandle } from '~/bot-check/bot-check';
import { ErrorSummary } from '~/components/error-summary';
import { FormField } from '~/components/form-field';
import {
  fromFormError,
  toFormError,
  useLocaliseMessage,
  type ShownMessage,
} from '~/i18n/server-messages';
import { useLookupAccount } from './api/lookup-account';
import {
  EMPTY_LOOKUP_FORM,
  FIELD_IDS,
  FIELD_ORDER,
  formFieldOf,
  lookupResolver,
} from './lookup-form-values';
import type { LookupFormValues } from './lookup-form-values';
import { SchoolField } from './school-field';
import { track } from '~/tracking/tracker';
import { Alert } from '~/components/alert';
import { PendingButton } from '~/components/pending-button';

// An office's fields (its type and region, with the list of regions) only once an office is chosen.
const OfficeFields = lazy(() =>
  import('./office-fields').then(({ OfficeFields }) => ({ default: OfficeFields })),
);

// react-hook-form updates its state as it mounts, and React renders that update at once, in the
// task that hydrates the form: the larger fields, whose props that update leaves as they were,
// skip it.
const BirthDateField = memo(BirthDatePicker);
const School = memo(SchoolField);
const Bot = memo(BotCheck);

type Outcome = 'found' | 'no_account' | 'not_found' | 'invalid' | 'rate_limited' | 'error';

const outcomeOf = (error: unknown): Outcome =>
  !(error instanceof ApiError)
    ? 'error'
    : error.status === 404
      ? 'not_found'
      : error.status === 400
        ? 'invalid'
        : error.status === 429
          ? 'rate_limited'
          : 'error';

// Waiting longer than this for the bot check means something is wrong; say so.
const BOT_CHECK_WAIT_MS = 60_000;

/** What the alert says, kept as the server wrote it so that it is localised when shown. */
type Alert =
  | { kind: 'waitBotCheck' }
  | {
      kind: 'server';
      message: ShownMessage;
      /** When the wait the server asked for ends (epoch ms), or null. */
      retryUntil: number | null;
      rateLimited: boolean;
      notFound: boolean;
    };

/** The lookup form of SPEC §3 for one user type; remount it (key) when the type changes. */
export function LookupForm({
  userType,
  onFound,
}: {
  userType: UserType;
  onFound: (result: LookupResult) => void;
}) {
  const { t } = useTranslation('account-lookup');
  const localise = useLocaliseMessage();
  const lookup = useLookupAccount();
  const [alert, setAlert] = useState<Alert | null>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  const botCheck = useRef<BotCheckHandle>(null);
  const payload = useRef<string | null>(null);
  const waiters = useRef<((value: string | null) => void)[]>([]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, submitCount, isSubmitting },
  } = useForm<LookupFormValues, unknown, Parameters<typeof lookup.mutateAsync>[0]>({
    defaultValues: EMPTY_LOOKUP_FORM,
    resolver: lookupResolver(userType),
    shouldFocusError: false,
  });

  // Like the error summary: take the visitor to the message (scroll margin clears the sticky navbar).
  useEffect(() => {
    if (alert) alertBox.current?.focus();
  }, [alert]);

  const onVerified = useCallback((value: string | null) => {
    payload.current = value;
    if (!value) return;
    for (const resolve of waiters.current.splice(0)) resolve(value);
  }, []);

  const solvedPayload = () =>
    payload.current
      ? Promise.resolve(payload.current)
      : new Promise<string | null>((resolve) => {
          waiters.current.push(resolve);
          window.setTimeout(() => resolve(null), BOT_CHECK_WAIT_MS);
        });

  const errorOf = (field: keyof LookupFormValues) => localise(fromFormError(errors[field]));

  const onSubmit = handleSubmit(async (request) => {
    if (lookup.isPending) return;
    setAlert(null);
    const altcha = await solvedPayload();
    if (!altcha) {
      setAlert({ kind: 'waitBotCheck' });
      return;
    }
    payload.current = null;
    try {
      const result = await lookup.mutateAsync({ ...request, altcha });
      report(userType, result.accounts.length > 0 ? 'found' : 'no_account');
      onFound(result);
    } catch (error) {
      report(userType, outcomeOf(error));
      const values = getValues();
      let shownOnField = false;
      if (error instanceof ApiError) {
        for (const fieldError of error.fieldErrors) {
          const field = formFieldOf(fieldError.field, values);
          if (!field) continue;
          setError(field, toFormError(error.fieldMessage(fieldError)));
          shownOnField = true;
        }
      }
      if (!shownOnField) {
        // SPEC §8: the server's message ("Akun tidak ditemukan" when no one matches).
        setAlert({
          kind: 'server',
          message:
            error instanceof ApiError ? error : { id: 'internal', message: ERROR_MESSAGES.generic },
          retryUntil:
            error instanceof ApiError && error.retryAfter !== null
              ? Date.now() + error.retryAfter * 1000
              : null,
          // The generic "wait a moment" would contradict the wait it is followed by.
          rateLimited: error instanceof ApiError && error.status === 429,
          notFound: error instanceof ApiError && error.id === 'lookup_not_found',
        });
      }
    } finally {
      // A solved challenge is accepted once: solve a new one for the next try.
      botCheck.current?.reset();
    }
  });

  const busy = isSubmitting || lookup.isPending;
  const fieldLabel = (field: (typeof FIELD_ORDER)[number]) =>
    field === 'npsn'
      ? t('form.school')
      : field === 'birthDate'
        ? t('birthDate.legend', { ns: FORMS_NAMESPACE })
        : t(`form.${field}`);
  const summaryItems = FIELD_ORDER.flatMap((field) => {
    const message = errorOf(field);
    return message ? [{ fieldId: FIELD_IDS[field], label: fieldLabel(field), message }] : [];
  });

  const textField = (field: 'name' | 'motherName', autoComplete: string, hint?: string) => (
    <FormField id={FIELD_IDS[field]} label={t(`form.${field}`)} hint={hint} error={errorOf(field)}>
      {(control) => (
        <input
          {...control}
          type="text"
          autoComplete={autoComplete}
          spellCheck={false}
          {...register(field)}
        />
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('form.label')} aria-busy={busy}>
      <ErrorSummary title={t('errorSummary')} items={summaryItems} attempt={submitCount} />
      {alert ? (
        <Alert
          variant="error-box"
          className="mb-6 focus:outline-none"
          ref={alertBox}
          id="lookup-alert"
          tabIndex={-1}
        >
          {alert.kind === 'waitBotCheck' ? (
            t('form.waitBotCheck')
          ) : alert.retryUntil === null ? (
            localise(alert.message)
          ) : (
            <WaitText
              until={alert.retryUntil}
              lead={alert.rateLimited ? null : localise(alert.message)}
            />
          )}
          {alert.kind === 'server' && alert.notFound ? (
            <p className="mt-2 font-normal text-ink">{t('form.notFoundNext')}</p>
          ) : null}
        </Alert>
      ) : null}
      <div className="space-y-6">
        {userType === 'dinas' ? (
          <Suspense fallback={<p role="status">{t('form.regionsLoading')}</p>}>
            <OfficeFields control={control} errorOf={errorOf} />
          </Suspense>
        ) : (
          <Controller
            control={control}
            name="npsn"
            render={({ field }) => (
              <School
                id={FIELD_IDS.npsn}
                npsn={field.value}
                onNpsnChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={errorOf('npsn')}
              />
            )}
          />
        )}
        {textField('name', 'name', t('form.nameHint'))}
        <Controller
          control={control}
          name="birthDate"
          render={({ field }) => (
            <BirthDateField
              id="lookup-birthDate"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errorOf('birthDate')}
            />
          )}
        />
        {textField('motherName', 'off')}
        <Bot ref={botCheck} onVerified={onVerified} />
        <PendingButton
          type="submit"
          className="btn btn-primary w-full sm:w-auto"
          pending={busy}
          aria-busy={busy || undefined}
          data-track="lookup-submit"
        >
          {busy ? t('form.submitting') : t('form.submit')}
        </PendingButton>
      </div>
    </form>
  );
}

/** Only the user type and the outcome: never what the visitor typed (DESIGN.md, UU 27/2022). */
function report(userType: UserType, outcome: Outcome) {
  track('ACCOUNT_LOOKUP_INITIATED', [
    { key: 'user_type', value: userType },
    { key: 'outcome', value: outcome },
  ]);
}

/**
 * A wait that counts down on screen. Screen readers hear the first wording once: the ticking copy
 * is hidden from them, so the alert is not announced again every second.
 */
function WaitText({ until, lead }: { until: number; lead: string | null }) {
  const { t } = useTranslation('account-lookup');
  const seconds = useSecondsUntil(until);
  const [first] = useState(seconds);
  const say = (left: number) => {
    if (left === 0) return lead ? `${lead} ${t('form.retryNow')}` : t('form.retryNow');
    const duration = formatDuration(left, t);
    return lead
      ? `${lead} ${t('form.retryIn', { duration })}`
      : t('form.rateLimitedFor', { duration });
  };
  return (
    <>
      <span aria-hidden="true">{say(seconds)}</span>
      <span className="sr-only">{say(first)}</span>
    </>
  );
}
