import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts/business-constants';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { Alert } from '~/components/alert';
import { FormField } from '~/components/form-field';
import { PageTitle } from '~/components/page-title';
import { PasswordInput } from '~/components/password-input';
import { ShowPasswordToggle } from '~/components/show-password-toggle';
import { useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';
import { useChangePassword } from './api/change-password';
import { useProfileContext } from './profile-layout';

type Field = 'current' | 'password' | 'confirmation';
const SERVER_FIELDS: Record<string, Field> = {
  current_password: 'current',
  new_password: 'password',
};
const length = (value: string) => [...value].length;

/** `/profile/kata-sandi` (issue 35): a new password, confirmed by the current one. */
export function PasswordPage() {
  const { t } = useTranslation('profile');
  const { token } = useProfileContext();
  const change = useChangePassword(token);
  const ids = { current: useId(), password: useId(), confirmation: useId(), rule: useId() };
  const inputs = {
    current: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmation: useRef<HTMLInputElement>(null),
  };
  const [values, setValues] = useState({ current: '', password: '', confirmation: '' });
  const [endOthers, setEndOthers] = useState(false);
  const [visible, setVisible] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, ShownMessage>>>({});
  const [formError, setFormError] = useState<ShownMessage | null>(null);
  const [done, setDone] = useState<{ ended: number } | null>(null);
  const localise = useLocaliseMessage();

  const check = (): Partial<Record<Field, ShownMessage>> => {
    const found: Partial<Record<Field, ShownMessage>> = {};
    if (values.current === '') found.current = t('password.required');
    if (values.password === '') found.password = t('password.required');
    else if (length(values.password) < PASSWORD_MIN_LENGTH)
      found.password = t('password.tooShort', { min: PASSWORD_MIN_LENGTH });
    else if (length(values.password) > PASSWORD_MAX_LENGTH)
      found.password = t('password.tooLong', { max: PASSWORD_MAX_LENGTH });
    if (values.confirmation !== values.password) found.confirmation = t('password.mismatch');
    return found;
  };

  const focusFirst = (found: Partial<Record<Field, ShownMessage>>) => {
    const first = (['current', 'password', 'confirmation'] as const).find((field) => found[field]);
    if (first) inputs[first].current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setDone(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    change.mutate(
      {
        current_password: values.current,
        new_password: values.password,
        end_other_sessions: endOthers,
      },
      {
        onSuccess: (result) => {
          setValues({ current: '', password: '', confirmation: '' });
          setEndOthers(false);
          setDone({ ended: result.sessions_ended });
        },
        onError: (failure) => {
          if (!(failure instanceof ApiError)) {
            setFormError(t('password.failed'));
            return;
          }
          const fromServer: Partial<Record<Field, ShownMessage>> = {};
          for (const item of failure.fieldErrors) {
            const field = SERVER_FIELDS[item.field];
            if (field) fromServer[field] = failure.fieldMessage(item);
          }
          if (Object.keys(fromServer).length === 0) setFormError(failure);
          setErrors(fromServer);
          focusFirst(fromServer);
        },
      },
    );
  };

  const field = (
    name: Field,
    label: string,
    autoComplete: 'current-password' | 'new-password',
    describedBy?: string,
  ) => (
    <FormField
      id={ids[name]}
      label={label}
      error={localise(errors[name])}
      announceError
      {...(describedBy ? { describedBy } : {})}
    >
      {(control) => (
        <PasswordInput
          {...control}
          ref={inputs[name]}
          visible={visible}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => {
            const value = event.target.value;
            setValues((current) => ({ ...current, [name]: value }));
          }}
        />
      )}
    </FormField>
  );

  return (
    <>
      <PageTitle title={t('sections.password.title')} />
      <h1 className="text-3xl font-bold">{t('sections.password.title')}</h1>
      <p className="mt-3 text-muted">{t('password.intro')}</p>
      {done && (
        <Alert variant="info" className="mt-4">
          {done.ended > 0 ? t('password.doneEnded', { count: done.ended }) : t('password.done')}
        </Alert>
      )}
      <form className="mt-6 max-w-xl space-y-5" noValidate onSubmit={submit}>
        {field('current', t('password.current'), 'current-password')}
        <p id={ids.rule} className="rounded-md bg-brand-soft p-3">
          {t('password.rule', { min: PASSWORD_MIN_LENGTH })}
        </p>
        {field('password', t('password.new'), 'new-password', ids.rule)}
        {field('confirmation', t('password.confirm'), 'new-password')}
        <ShowPasswordToggle
          visible={visible}
          onToggle={() => setVisible((shown) => !shown)}
          label={t('password.show')}
        />
        <label className="flex min-h-11 items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-5"
            checked={endOthers}
            onChange={(event) => setEndOthers(event.target.checked)}
          />
          <span>{t('password.endOthers')}</span>
        </label>
        <Alert variant="field-error">{localise(formError)}</Alert>
        <button
          type="submit"
          className="btn btn-primary w-full sm:w-auto"
          disabled={change.isPending}
        >
          {change.isPending ? t('password.saving') : t('password.submit')}
        </button>
      </form>
    </>
  );
}
