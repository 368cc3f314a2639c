import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts/business-constants';
import { useId, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { registerNamespace } from '~/i18n/i18n';
import { fromFormError, useLocaliseMessage } from '~/i18n/server-messages';
import en from '~/locales/en/password-reset.json';
import id from '~/locales/id/password-reset.json';
import { FormField } from './form-field';
import { PasswordInput } from './password-input';
import { ShowPasswordToggle } from './show-password-toggle';

// Every new password reads alike (the reset, a staff invitation, the profile): the reset's rule,
// hints and messages.
registerNamespace('password-reset', { id, en });

/** The fields of a form that chooses a new password; the form may hold others. */
export type NewPasswordValues = { password: string; confirmation: string };

/** Length as the server counts it: by characters, so an emoji is one, not two. */
export const passwordLength = (value: string): number => [...value].length;

/**
 * The rule, the new password with its length hint, its confirmation and the show toggle, in a
 * react-hook-form form whose values include `password` and `confirmation`.
 */
export function NewPasswordFields<T extends FieldValues & NewPasswordValues>({
  form,
  rule,
  visibility,
}: {
  form: UseFormReturn<T>;
  /** The rule in the form's own words; the reset's by default. */
  rule?: string;
  /** Whether the passwords show, held by a form whose other password field the toggle shows too. */
  visibility?: { visible: boolean; onToggle: () => void };
}) {
  // The two fields are known to be in T; react-hook-form cannot see it through a generic.
  const {
    register,
    watch,
    formState: { errors },
  } = form as unknown as UseFormReturn<NewPasswordValues>;
  const { t } = useTranslation('password-reset');
  const localise = useLocaliseMessage();
  const [ownVisible, setOwnVisible] = useState(false);
  const visible = visibility?.visible ?? ownVisible;
  const toggle = visibility?.onToggle ?? (() => setOwnVisible((current) => !current));
  const ids = { rule: useId(), password: useId(), length: useId(), confirmation: useId() };
  const length = passwordLength(watch('password'));

  return (
    <>
      <p id={ids.rule} className="rounded-md bg-brand-soft p-3">
        {rule ?? t('newPassword.rule', { min: PASSWORD_MIN_LENGTH })}
      </p>
      <FormField
        id={ids.password}
        label={t('newPassword.passwordLabel')}
        describedBy={`${ids.rule} ${ids.length}`}
        error={localise(fromFormError(errors.password))}
        announceError
      >
        {(control) => (
          <>
            <PasswordInput
              {...control}
              visible={visible}
              autoComplete="new-password"
              {...register('password', {
                validate: (value) => {
                  if (value === '') return t('newPassword.required');
                  if (passwordLength(value) < PASSWORD_MIN_LENGTH)
                    return t('newPassword.tooShort', { min: PASSWORD_MIN_LENGTH });
                  if (passwordLength(value) > PASSWORD_MAX_LENGTH)
                    return t('newPassword.tooLong', { max: PASSWORD_MAX_LENGTH });
                  return true;
                },
              })}
            />
            <p id={ids.length} className="mt-1 text-sm text-muted">
              {length >= PASSWORD_MIN_LENGTH
                ? t('newPassword.lengthOk', { count: length })
                : t('newPassword.lengthShort', {
                    count: length,
                    missing: PASSWORD_MIN_LENGTH - length,
                  })}
            </p>
          </>
        )}
      </FormField>
      <FormField
        id={ids.confirmation}
        label={t('newPassword.confirmLabel')}
        error={localise(fromFormError(errors.confirmation))}
        announceError
      >
        {(control) => (
          <PasswordInput
            {...control}
            visible={visible}
            autoComplete="new-password"
            {...register('confirmation', {
              validate: (value, all) => {
                if (value === '') return t('newPassword.required');
                return value === all.password || t('newPassword.mismatch');
              },
            })}
          />
        )}
      </FormField>
      <ShowPasswordToggle visible={visible} onToggle={toggle} label={t('newPassword.show')} />
    </>
  );
}
