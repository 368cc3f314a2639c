import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts/business-constants';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '~/components/form-field';
import { PasswordInput } from '~/components/password-input';
import { ShowPasswordToggle } from '~/components/show-password-toggle';
import { useSubmitNewPassword } from './api/submit-new-password';
import { StepAlert } from './step-alert';
import type { StepProps } from './step-props';
import { follow, useStepCall } from './use-step-call';

const length = (value: string) => [...value].length;

/** A first sign-in with an initial password set by an admin: a new one before anything else. */
export function NewPasswordStep({ uid, onStep, onExpired }: StepProps) {
  const { t } = useTranslation('sign-in');
  const call = useStepCall(onExpired, ['password']);
  const newPassword = useSubmitNewPassword(uid);
  const [visible, setVisible] = useState(false);
  const [fields, setFields] = useState<{ password?: string; confirmation?: string }>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const confirmation = String(form.get('confirmation') ?? '');
    const problems = {
      ...(password === ''
        ? { password: t('required') }
        : length(password) < PASSWORD_MIN_LENGTH
          ? { password: t('steps.newPassword.tooShort', { min: PASSWORD_MIN_LENGTH }) }
          : length(password) > PASSWORD_MAX_LENGTH
            ? { password: t('steps.newPassword.tooLong', { max: PASSWORD_MAX_LENGTH }) }
            : {}),
      ...(confirmation === ''
        ? { confirmation: t('required') }
        : confirmation !== password
          ? { confirmation: t('steps.newPassword.mismatch') }
          : {}),
    };
    setFields(problems);
    if (problems.password || problems.confirmation) {
      document
        .getElementById(problems.password ? 'sign-in-new-password' : 'sign-in-confirmation')
        ?.focus();
      return;
    }
    void call.run(
      () => newPassword.mutateAsync(password),
      (result) => follow(result, onStep),
    );
  };

  return (
    <>
      <p className="mt-3 text-muted">{t('steps.newPassword.intro')}</p>
      <p id="sign-in-password-rule" className="mt-3 rounded-md bg-brand-soft p-3">
        {t('steps.newPassword.rule', { min: PASSWORD_MIN_LENGTH })}
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-busy={call.busy}>
        <StepAlert problem={call.general} />
        <FormField
          id="sign-in-new-password"
          label={t('steps.newPassword.label')}
          describedBy="sign-in-password-rule"
          error={fields.password ?? call.fieldError('password')}
          announceError
        >
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              visible={visible}
              autoComplete="new-password"
            />
          )}
        </FormField>
        <FormField
          id="sign-in-confirmation"
          label={t('steps.newPassword.confirmLabel')}
          error={fields.confirmation}
          announceError
        >
          {(control) => (
            <PasswordInput
              {...control}
              name="confirmation"
              visible={visible}
              autoComplete="new-password"
            />
          )}
        </FormField>
        <ShowPasswordToggle
          visible={visible}
          onToggle={() => setVisible((current) => !current)}
          label={t('show')}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={call.busy}>
          {call.busy ? t('submitting') : t('steps.newPassword.submit')}
        </button>
      </form>
    </>
  );
}
