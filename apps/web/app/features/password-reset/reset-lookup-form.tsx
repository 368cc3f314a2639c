import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { BirthDatePicker } from '~/components/birth-date-picker';
import { BotCheck } from '~/bot-check/bot-check';
import type { BotCheckHandle } from '~/bot-check/bot-check';
import { FormField } from '~/components/form-field';
import {
  fromFormError,
  toFormError,
  useLocaliseMessage,
  type ShownMessage,
} from '~/i18n/server-messages';
import { track } from '~/tracking/tracker';
import { VERIFY_FIELDS, useVerifyResetAccount } from './api/verify-reset-account';
import { RESET_NS } from './password-reset-texts';
import { saveResetAccount } from './reset-flow-storage';
import { Alert } from '~/components/alert';
import { PendingButton } from '~/components/pending-button';

// The browser's own e-mail check, written out: one `@`, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Fields = { accountEmail: string; birthDate: string };
const EMPTY: Fields = { accountEmail: '', birthDate: '' };

/** The reset lookup: account address and birth date, behind the bot check. */
export function ResetLookupForm({ onFound }: { onFound: () => void }) {
  const { t } = useTranslation(RESET_NS);
  const localise = useLocaliseMessage();
  const verify = useVerifyResetAccount();
  const botCheck = useRef<BotCheckHandle>(null);
  const [altcha, setAltcha] = useState<string | null>(null);
  const [formError, setFormError] = useState<ShownMessage | null>(null);
  const ids = { email: useId(), birthDate: useId() };
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<Fields>({ defaultValues: EMPTY });

  const onSubmit = handleSubmit((fields) => {
    setFormError(null);
    if (!altcha) {
      setFormError(t('lookup.botCheckNeeded'));
      return;
    }
    track('PASSWORD_SEARCH_SUBMITTED');
    verify.mutate(
      { accountEmail: fields.accountEmail.trim(), birthDate: fields.birthDate, altcha },
      {
        onSuccess: (result) => {
          saveResetAccount({
            token: result.token,
            email: result.email,
            emailEligible: result.email_eligible,
            phone: result.phone,
            phoneEligible: result.phone_eligible,
          });
          // SPEC §4: the form clears and the method choice takes the lookup's place.
          reset(EMPTY);
          onFound();
        },
        onError: (failure) => {
          if (!(failure instanceof ApiError)) {
            setFormError(t('generic'));
            return;
          }
          let placed = false;
          for (const item of failure.fieldErrors) {
            const shown = failure.fieldMessage(item);
            if (item.field === VERIFY_FIELDS.accountEmail) {
              setError('accountEmail', toFormError(shown));
              setFocus('accountEmail');
              placed = true;
            } else if (item.field === VERIFY_FIELDS.dob) {
              setError('birthDate', toFormError(shown));
              placed = true;
            } else if (item.field === 'altcha') {
              setFormError(shown);
              placed = true;
            }
          }
          // SPEC §8: the lookup shows the server's message, else "Akun tidak ditemukan".
          if (!placed) setFormError(failure.message ? failure : t('lookup.notFound'));
        },
        // A solved challenge is accepted once: the next submission needs a fresh one.
        onSettled: () => botCheck.current?.reset(),
      },
    );
  });

  return (
    <form className="space-y-4" noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormField
        id={ids.email}
        label={t('lookup.emailLabel')}
        hint={t('lookup.emailHint')}
        error={localise(fromFormError(errors.accountEmail))}
        announceError
      >
        {(control) => (
          <input
            {...control}
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...register('accountEmail', {
              validate: (value) => {
                const trimmed = value.trim();
                if (trimmed === '') return t('required');
                return EMAIL_PATTERN.test(trimmed) || t('emailInvalid');
              },
            })}
          />
        )}
      </FormField>

      <Controller
        control={control}
        name="birthDate"
        rules={{ validate: (value) => value !== '' || t('required') }}
        render={({ field, fieldState }) => (
          <BirthDatePicker
            id={ids.birthDate}
            legend={t('lookup.birthDateLabel')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={localise(fromFormError(fieldState.error))}
          />
        )}
      />

      <BotCheck ref={botCheck} onVerified={setAltcha} />

      <Alert variant="field-error">{localise(formError)}</Alert>

      <PendingButton type="submit" className="btn btn-primary w-full" pending={verify.isPending}>
        {verify.isPending ? t('lookup.submitting') : t('lookup.submit')}
      </PendingButton>
    </form>
  );
}
