import {
  ChangeEmailBodySchema,
  ConfirmEmailChangeBodySchema,
} from '@portal/contracts/account-lookup';
import { ERROR_MESSAGES, type ErrorId } from '@portal/contracts/api-error';
import { useEffect, useState } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '~/api/api-client';
import { CodeInput } from '~/components/code-input';
import { contractResolver } from '~/components/contract-resolver';
import { FormField } from '~/components/form-field';
import { useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';
import { useChangeEmail } from './api/change-email';
import { useConfirmEmailChange } from './api/confirm-email-change';
import { isSessionEnded } from './session-ended';

type EmailValues = { email: string };
type EmailBody = z.output<typeof ChangeEmailBodySchema>;
const emailResolver = contractResolver<EmailValues, EmailBody>(ChangeEmailBodySchema);

/** The two codes, named as the contract names them. */
type CodeValues = { code: string; code_current: string };
type CodeName = keyof CodeValues;
type CodesBody = z.output<typeof ConfirmEmailChangeBodySchema>;
const codesResolver = contractResolver<CodeValues, CodesBody>(ConfirmEmailChangeBodySchema);

/** The code fields a wrong entry marks; the first says the whole message. */
const WRONG_FIELDS: Partial<Record<ErrorId, CodeName[]>> = {
  email_change_new_code_invalid: ['code'],
  email_change_old_code_invalid: ['code_current'],
  email_change_codes_invalid: ['code', 'code_current'],
};

/**
 * New address -> one code sent there and one to the contact on file -> both entered ->
 * confirmed (decision 0017): the lookup data alone never moves the recovery address.
 */
export function ChangeEmailSection({
  token,
  onSessionEnded,
  onChanged,
}: {
  token: string;
  onSessionEnded: () => void;
  /** With the new address, masked, once the change is confirmed. */
  onChanged: (maskedEmail: string) => void;
}) {
  const { t } = useTranslation('account-lookup');
  const localise = useLocaliseMessage();
  const [open, setOpen] = useState(false);
  const emailForm = useForm<EmailValues, unknown, EmailBody>({
    defaultValues: { email: '' },
    resolver: emailResolver,
    shouldFocusError: false,
  });
  const codesForm = useForm<CodeValues, unknown, CodesBody>({
    defaultValues: { code: '', code_current: '' },
    resolver: codesResolver,
    shouldFocusError: false,
  });
  const { setFocus: focusEmail } = emailForm;
  const { setFocus: focusCode } = codesForm;
  const [emailError, setEmailError] = useState<ShownMessage | null>(null);
  const [codeError, setCodeError] = useState<ShownMessage | null>(null);
  const [codeCurrentError, setCodeCurrentError] = useState<ShownMessage | null>(null);
  const start = useChangeEmail();
  const confirm = useConfirmEmailChange();

  useEffect(() => {
    if (isSessionEnded(start.error) || isSessionEnded(confirm.error)) onSessionEnded();
  }, [start.error, confirm.error, onSessionEnded]);

  useEffect(() => {
    if (open) focusEmail('email');
  }, [open, focusEmail]);

  // The code field appears with the answer: take the visitor there.
  useEffect(() => {
    if (start.isSuccess) focusCode('code');
  }, [start.isSuccess, focusCode]);

  const onStart = emailForm.handleSubmit(
    (body) => {
      if (start.isPending) return;
      setEmailError(null);
      start.mutate(
        { token, email: body.email },
        {
          onSuccess: () => codesForm.reset({ code: '', code_current: '' }),
          onError: (error) => {
            if (!isSessionEnded(error)) setEmailError(error);
            focusEmail('email');
          },
        },
      );
    },
    (errors) => {
      setEmailError(errors.email?.message ?? errors.root?.message ?? ERROR_MESSAGES.dataInvalid);
      focusEmail('email');
    },
  );

  const onConfirm = codesForm.handleSubmit(
    (body) => {
      if (confirm.isPending) return;
      setCodeError(null);
      setCodeCurrentError(null);
      confirm.mutate(
        { token, code: body.code, codeCurrent: body.code_current },
        {
          onSuccess: (changed) => onChanged(changed.email),
          onError: (error) => {
            if (isSessionEnded(error)) return;
            // The id says which code was wrong; any other answer is about the codes as a whole.
            const [first = 'code', ...others] =
              (error instanceof ApiError && error.id && WRONG_FIELDS[error.id]) || [];
            const errorOf = (field: CodeName) =>
              field === first ? error : others.includes(field) ? t('changeEmail.codeWrong') : null;
            setCodeError(errorOf('code'));
            setCodeCurrentError(errorOf('code_current'));
            focusCode(first);
          },
        },
      );
    },
    (errors) => {
      setCodeError(errors.code?.message ?? null);
      setCodeCurrentError(errors.code_current?.message ?? null);
      focusCode(errors.code ? 'code' : 'code_current');
    },
  );

  if (!open) {
    return (
      <section aria-labelledby="lookup-change-email-title">
        <h3 id="lookup-change-email-title" className="text-lg font-bold">
          {t('changeEmail.title')}
        </h3>
        <button
          type="button"
          className="btn btn-secondary mt-2 w-full sm:w-auto"
          aria-expanded={false}
          onClick={() => {
            setOpen(true);
          }}
          data-track="lookup-change-email"
        >
          {t('changeEmail.title')}
        </button>
      </section>
    );
  }

  return (
    <section aria-labelledby="lookup-change-email-title" className="space-y-4">
      <h3 id="lookup-change-email-title" className="text-lg font-bold">
        {t('changeEmail.title')}
      </h3>
      {confirm.isSuccess ? null : (
        <>
          <p className="text-sm text-muted">{t('changeEmail.body')}</p>
          <form noValidate onSubmit={(event) => void onStart(event)} aria-busy={start.isPending}>
            <FormField
              id="lookup-new-email"
              label={t('changeEmail.newEmail')}
              error={localise(emailError)}
            >
              {(control) => (
                <input
                  {...control}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  spellCheck={false}
                  readOnly={start.isSuccess}
                  {...emailForm.register('email')}
                />
              )}
            </FormField>
            {start.isSuccess ? (
              <button
                type="button"
                className="link mt-2 min-h-11"
                onClick={() => {
                  start.reset();
                  confirm.reset();
                  focusEmail('email');
                }}
              >
                {t('changeEmail.otherAddress')}
              </button>
            ) : (
              <button
                type="submit"
                className="btn btn-primary mt-3 w-full sm:w-auto"
                aria-busy={start.isPending || undefined}
                data-track="lookup-change-email-send"
              >
                {start.isPending ? t('changeEmail.sending') : t('changeEmail.send')}
              </button>
            )}
          </form>
        </>
      )}
      <div role="status">
        {start.isSuccess && !confirm.isSuccess ? (
          <p className="font-semibold">
            {t('changeEmail.codeSent', {
              email: start.data.email,
              current: start.data.current_sent_to,
              minutes: Math.round(start.data.expires_in / 60),
            })}
          </p>
        ) : null}
        {confirm.isSuccess ? (
          <p className="rounded-md border-2 border-success bg-success/10 p-3 font-semibold text-success [overflow-wrap:anywhere]">
            {t('changeEmail.confirmed', { email: confirm.data.email })}
          </p>
        ) : null}
      </div>
      {start.isSuccess && !confirm.isSuccess ? (
        <form noValidate onSubmit={(event) => void onConfirm(event)} aria-busy={confirm.isPending}>
          <CodeField
            id="lookup-email-code"
            label={t('changeEmail.code')}
            hint={t('changeEmail.codeHint')}
            error={localise(codeError)}
            control={codesForm.control}
            name="code"
          />
          <CodeField
            id="lookup-email-code-current"
            label={t('changeEmail.codeCurrent')}
            hint={t('changeEmail.codeCurrentHint', { contact: start.data.current_sent_to })}
            error={localise(codeCurrentError)}
            control={codesForm.control}
            name="code_current"
            className="mt-4"
          />
          <button
            type="submit"
            className="btn btn-primary mt-3 w-full sm:w-auto"
            aria-busy={confirm.isPending || undefined}
            data-track="lookup-change-email-confirm"
          >
            {confirm.isPending ? t('changeEmail.confirming') : t('changeEmail.confirm')}
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** A 6-digit code field: digits only, offered by the phone's keyboard and its one-time codes. */
function CodeField({
  id,
  label,
  hint,
  error,
  control,
  name,
  className,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  control: Control<CodeValues, unknown, CodesBody>;
  name: CodeName;
  className?: string;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      {(fieldControl) => (
        <CodeInput
          {...fieldControl}
          control={control}
          name={name}
          pattern="[0-9]*"
          maxLength={6}
          className={`${fieldControl.className} max-w-40 tracking-widest`}
        />
      )}
    </FormField>
  );
}
