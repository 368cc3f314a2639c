import clsx from 'clsx';
import { PASSKEY_POLICY } from '@portal/contracts/passkeys';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { Alert } from '~/components/alert';
import { FormField } from '~/components/form-field';
import { useLocaliseMessage } from '~/i18n/server-messages';
import type { AddedPasskey } from './api/add-passkey';
import { browserHasPasskeys, type PasskeyRefusal } from './passkeys';
import { PendingButton } from '~/components/pending-button';

/** The words of the form that adds a passkey, in the namespace of the page that shows it. */
export type PasskeyAddTexts = {
  label: string;
  labelHint: string;
  add: string;
  adding: string;
  unsupported: string;
};

/**
 * Adds a passkey under an optional name; in a browser without passkeys, a notice in its place.
 * The name is the page's to hold, so the page empties it once the passkey is made.
 */
export function PasskeyAddForm({
  label,
  onLabelChange,
  onAdd,
  pending,
  texts,
  className,
}: {
  label: string;
  onLabelChange: (label: string) => void;
  onAdd: () => void;
  pending: boolean;
  texts: PasskeyAddTexts;
  className?: string;
}) {
  const labelId = useId();
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(browserHasPasskeys()), []);

  if (!supported) {
    return (
      <Alert variant="info" className={className}>
        {texts.unsupported}
      </Alert>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAdd();
  };
  return (
    <form onSubmit={submit} className={clsx(className, 'flex flex-wrap items-end gap-4')}>
      <FormField
        id={labelId}
        label={texts.label}
        hint={texts.labelHint}
        className="min-w-0 flex-1 basis-56"
      >
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            maxLength={PASSKEY_POLICY.labelMaxLength}
            value={label}
            onChange={(event) => onLabelChange(event.target.value)}
          />
        )}
      </FormField>
      <PendingButton type="submit" className="btn btn-primary" pending={pending}>
        {pending ? texts.adding : texts.add}
      </PendingButton>
    </form>
  );
}

/**
 * The add form with what follows it on every page that offers one: the page's own status line
 * (if any), the browser's refusal and the server's error. The words are the `passkeys.*` keys of
 * the page's namespace, which both namespaces hold alike.
 */
export function PasskeyAddSection({
  namespace,
  status,
  refusal,
  error,
  ...form
}: Omit<Parameters<typeof PasskeyAddForm>[0], 'texts'> & {
  namespace: 'console' | 'sign-in-methods';
  status?: ReactNode;
  refusal: PasskeyRefusal | null;
  error: unknown;
}) {
  const { t } = useTranslation(namespace);
  const localise = useLocaliseMessage();
  return (
    <>
      <PasskeyAddForm
        {...form}
        texts={{
          label: t('passkeys.label'),
          labelHint: t('passkeys.labelHint'),
          add: t('passkeys.add'),
          adding: t('passkeys.adding'),
          unsupported: t('passkeys.unsupported'),
        }}
      />
      {status}
      {refusal ? <Alert variant="field-error">{t(`passkeys.refusal.${refusal}`)}</Alert> : null}
      {error instanceof ApiError ? <Alert variant="field-error">{localise(error)}</Alert> : null}
    </>
  );
}

/**
 * The add flow every passkey page shares, over the page's own add call: the name typed, the
 * browser's refusal, and the name emptied once the passkey is made. `section` is what
 * `<PasskeyAddSection>` takes; `onAdded` is the page's own next step.
 */
export function usePasskeyAdd<T>(
  add: {
    mutate: (label: string, options: { onSuccess: (result: AddedPasskey<T>) => void }) => void;
    isPending: boolean;
  },
  onAdded: (added: T) => void,
) {
  const [label, setLabel] = useState('');
  const [refusal, setRefusal] = useState<PasskeyRefusal | null>(null);
  const onAdd = () => {
    setRefusal(null);
    add.mutate(label.trim(), {
      onSuccess: (result) => {
        if (!result.ok) return setRefusal(result.refusal);
        setLabel('');
        onAdded(result.added);
      },
    });
  };
  return {
    section: { label, onLabelChange: setLabel, onAdd, pending: add.isPending, refusal },
    clearRefusal: () => setRefusal(null),
  };
}
