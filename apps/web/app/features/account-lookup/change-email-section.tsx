import {
  ChangeEmailBodySchema,
  ConfirmEmailChangeBodySchema,
} from '@portal/contracts/account-lookup';
import { ERROR_MESSAGES, type ErrorId } from '@portal/contracts/api-error';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { FormField } from '~/components/form-field';
import { useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';
import { useChangeEmail } from './api/change-email';
import { useConfirmEmailChange } from './api/confirm-email-change';
import { isSessionEnded } from './session-ended';

type CodeField = 'code' | 'codeCurrent';

/** The code fields a wrong entry marks; the first says the whole message. */
const WRONG_FIELDS: Partial<Record<ErrorId, CodeField[]>> = {
  email_change_new_code_invalid: ['code'],
  email_change_old_code_invalid: ['codeCurrent'],
  email_change_codes_invalid: ['code', 'codeCurrent'],
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
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [codeCurrent, setCodeCurrent] = useState('');
  const [emailError, setEmailError] = useState<ShownMessage | null>(null);
  const [codeError, setCodeError] = useState<ShownMessage | null>(null);
  const [codeCurrentError, setCodeCurrentError] = useState<ShownMessage | null>(null);
  const start = useChangeEmail();
  const confirm = useConfirmEmailChange();
  const codeInput = useRef<HTMLInputElement>(null);
  const codeCurrentInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (isSessionEnded(start.error) || isSessionEnded(confirm.error)) onSessionEnded();
  }, [start.error, confirm.error, onSessionEnded]);

  useEffect(() => {
    if (open) emailInput.current?.focus();
  }, [open]);

  // The code field appears with the answer: take the visitor there.
  useEffect(() => {
    if (start.isSuccess) codeInput.current?.focus();
  }, [start.isSuccess]);

  const onStart = (event: FormEvent) => {
    event.preventDefault();
    if (start.isPending) return;
    const parsed = ChangeEmailBodySchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? ERROR_MESSAGES.dataInvalid);
      emailInput.current?.focus();
      return;
    }
    setEmailError(null);
    start.mutate(
      { token, email: parsed.data.email },
      {
        onSuccess: () => {
          setCode('');
          setCodeCurrent('');
        },
        onError: (error) => {
          if (!isSessionEnded(error)) setEmailError(error);
          emailInput.current?.focus();
        },
      },
    );
  };

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const parsed = ConfirmEmailChangeBodySchema.safeParse({ code, code_current: codeCurrent });
    if (!parsed.success) {
      const messageFor = (field: string) => {
        const issue = parsed.error.issues.find((item) => item.path[0] === field);
        return issue ? issue.message : null;
      };
      setCodeError(messageFor('code'));
      setCodeCurrentError(messageFor('code_current'));
      (messageFor('code') ? codeInput : codeCurrentInput).current?.focus();
      return;
    }
    setCodeError(null);
    setCodeCurrentError(null);
    confirm.mutate(
      { token, code: parsed.data.code, codeCurrent: parsed.data.code_current },
      {
        onSuccess: (changed) => onChanged(changed.email),
        onError: (error) => {
          if (isSessionEnded(error)) return;
          // The id says which code was wrong; any other answer is about the codes as a whole.
          const [first = 'code', ...others] =
            (error instanceof ApiError && error.id && WRONG_FIELDS[error.id]) || [];
          const errorOf = (field: CodeField) =>
            field === first ? error : others.includes(field) ? t('changeEmail.codeWrong') : null;
          setCodeError(errorOf('code'));
          setCodeCurrentError(errorOf('codeCurrent'));
          (first === 'code' ? codeInput : codeCurrentInput).current?.focus();
        },
      },
    );
  };

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
          <form noValidate onSubmit={onStart} aria-busy={start.isPending}>
            <FormField
              id="lookup-new-email"
              label={t('changeEmail.newEmail')}
              error={localise(emailError)}
            >
              {(control) => (
                <input
                  {...control}
                  ref={emailInput}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  spellCheck={false}
                  value={email}
                  readOnly={start.isSuccess}
                  onChange={(event) => setEmail(event.target.value)}
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
                  emailInput.current?.focus();
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
        <form noValidate onSubmit={onConfirm} aria-busy={confirm.isPending}>
          <CodeField
            id="lookup-email-code"
            label={t('changeEmail.code')}
            hint={t('changeEmail.codeHint')}
            error={localise(codeError)}
            value={code}
            onChange={setCode}
            inputRef={codeInput}
          />
          <CodeField
            id="lookup-email-code-current"
            label={t('changeEmail.codeCurrent')}
            hint={t('changeEmail.codeCurrentHint', { contact: start.data.current_sent_to })}
            error={localise(codeCurrentError)}
            value={codeCurrent}
            onChange={setCodeCurrent}
            inputRef={codeCurrentInput}
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
  value,
  onChange,
  inputRef,
  className,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  inputRef: Ref<HTMLInputElement>;
  className?: string;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
          className={`${control.className} max-w-40 tracking-widest`}
        />
      )}
    </FormField>
  );
}
