import { PASSWORD_MIN_LENGTH } from '@portal/contracts/business-constants';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { Alert } from '~/components/alert';
import { FormField } from '~/components/form-field';
import { FormSubmit } from '~/components/form-submit';
import { NewPasswordFields, type NewPasswordValues } from '~/components/new-password-fields';
import { PageTitle } from '~/components/page-title';
import { PasswordInput } from '~/components/password-input';
import {
  fromFormError,
  toFormError,
  useLocaliseMessage,
  type ShownMessage,
} from '~/i18n/server-messages';
import { useChangePassword } from './api/change-password';

type Values = NewPasswordValues & { current: string };
const EMPTY: Values = { current: '', password: '', confirmation: '' };
const SERVER_FIELDS: Record<string, keyof Values> = {
  current_password: 'current',
  new_password: 'password',
};

/** `/profile/kata-sandi`: a new password, confirmed by the current one. */
export function PasswordPage() {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const currentId = useId();
  const form = useForm<Values>({ defaultValues: EMPTY });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = form;
  const [endOthers, setEndOthers] = useState(false);
  // One toggle shows the current password with the new ones.
  const [visible, setVisible] = useState(false);
  const [formError, setFormError] = useState<ShownMessage | null>(null);
  const [done, setDone] = useState<{ ended: number } | null>(null);
  const localise = useLocaliseMessage();

  const save = handleSubmit((values) => {
    change.mutate(
      {
        current_password: values.current,
        new_password: values.password,
        end_other_sessions: endOthers,
      },
      {
        onSuccess: (result) => {
          form.reset(EMPTY);
          setEndOthers(false);
          setDone({ ended: result.sessions_ended });
        },
        onError: (failure) => {
          if (!(failure instanceof ApiError)) {
            setFormError(t('password.failed'));
            return;
          }
          const onFields = failure.fieldErrors.filter((item) => item.field in SERVER_FIELDS);
          if (onFields.length === 0) {
            setFormError(failure);
            return;
          }
          for (const item of onFields) {
            const field = SERVER_FIELDS[item.field];
            if (field) setError(field, toFormError(failure.fieldMessage(item)));
          }
          const first = (['current', 'password'] as const).find((field) =>
            onFields.some((item) => SERVER_FIELDS[item.field] === field),
          );
          if (first) setFocus(first);
        },
      },
    );
  });

  const submit = (event: FormEvent) => {
    setFormError(null);
    setDone(null);
    void save(event);
  };

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
        <FormField
          id={currentId}
          label={t('password.current')}
          error={localise(fromFormError(errors.current))}
          announceError
        >
          {(control) => (
            <PasswordInput
              {...control}
              visible={visible}
              autoComplete="current-password"
              {...register('current', {
                validate: (value) => value !== '' || t('password.required'),
              })}
            />
          )}
        </FormField>
        <NewPasswordFields
          form={form}
          rule={t('password.rule', { min: PASSWORD_MIN_LENGTH })}
          visibility={{ visible, onToggle: () => setVisible((shown) => !shown) }}
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
        <FormSubmit
          error={localise(formError)}
          pending={change.isPending}
          label={t('password.submit')}
          pendingLabel={t('password.saving')}
        />
      </form>
    </>
  );
}
