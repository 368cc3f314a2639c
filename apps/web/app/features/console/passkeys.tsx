import { PASSKEY_POLICY, type Passkey } from '@portal/contracts/passkeys';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { browserHasPasskeys, type PasskeyRefusal } from '~/auth/passkeys';
import { Alert } from '~/components/alert';
import { FormField } from '~/components/form-field';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { useAddPasskey } from './api/add-passkey';
import { usePasskeys } from './api/get-passkeys';
import { useRemovePasskey } from './api/remove-passkey';

/**
 * The staff member's own passkeys (issue 34): a second factor beside the authenticator app,
 * listed, added with an optional name, removed one by one. The app stays enrolled throughout.
 */
export function Passkeys({ token }: { token: string }) {
  const { t, i18n } = useTranslation('console');
  const localise = useLocaliseMessage();
  const labelId = useId();
  const passkeys = usePasskeys(token);
  const add = useAddPasskey(token);
  const remove = useRemovePasskey(token);
  const [label, setLabel] = useState('');
  const [refusal, setRefusal] = useState<PasskeyRefusal | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(browserHasPasskeys()), []);

  const day = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
      dateStyle: 'medium',
      timeZone: 'Asia/Jakarta',
    }).format(Date.parse(iso));
  const nameOf = (passkey: Passkey) =>
    passkey.label ?? t('passkeys.unnamed', { date: day(passkey.createdAt) });

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    setDone(null);
    add.mutate(label.trim(), {
      onSuccess: (result) => {
        if (!result.ok) return setRefusal(result.refusal);
        setLabel('');
        setDone(t('passkeys.added', { name: nameOf(result.passkey) }));
      },
    });
  };
  const onRemove = (passkey: Passkey) => {
    setRefusal(null);
    setDone(null);
    remove.mutate(passkey.id, {
      onSuccess: () => setDone(t('passkeys.removed', { name: nameOf(passkey) })),
    });
  };

  const error = add.error ?? remove.error ?? passkeys.error;
  const items = passkeys.data ?? [];
  return (
    <section aria-labelledby="passkeys-title" className="mt-6 max-w-2xl">
      <h2 id="passkeys-title" className="text-2xl font-bold">
        {t('passkeys.title')}
      </h2>
      <p className="mt-2 text-muted">{t('passkeys.lead')}</p>
      {passkeys.isPending ? (
        <p role="status" className="mt-4 text-muted">
          {t('loading')}
        </p>
      ) : items.length === 0 ? (
        <p className="mt-4">{t('passkeys.none')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-line border-y border-line">
          {items.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words">{nameOf(passkey)}</p>
                <p className="text-sm text-muted">
                  {t('passkeys.addedOn', { date: day(passkey.createdAt) })}
                  {' · '}
                  {passkey.lastUsedAt
                    ? t('passkeys.lastUsed', { date: day(passkey.lastUsedAt) })
                    : t('passkeys.neverUsed')}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={remove.isPending}
                aria-label={t('passkeys.removeNamed', { name: nameOf(passkey) })}
                onClick={() => onRemove(passkey)}
              >
                {t('passkeys.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form onSubmit={onAdd} className="mt-6 flex flex-wrap items-end gap-4">
          <FormField
            id={labelId}
            label={t('passkeys.label')}
            hint={t('passkeys.labelHint')}
            className="min-w-0 flex-1 basis-56"
          >
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="off"
                maxLength={PASSKEY_POLICY.labelMaxLength}
                value={label}
                onChange={(event) => setLabel(event.target.value)}
              />
            )}
          </FormField>
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            {add.isPending ? t('passkeys.adding') : t('passkeys.add')}
          </button>
        </form>
      ) : (
        <Alert variant="info" className="mt-6">
          {t('passkeys.unsupported')}
        </Alert>
      )}
      <p role="status" className="mt-2 min-h-6 font-semibold">
        {done}
      </p>
      {refusal ? <Alert variant="field-error">{t(`passkeys.refusal.${refusal}`)}</Alert> : null}
      {error instanceof ApiError ? <Alert variant="field-error">{localise(error)}</Alert> : null}
    </section>
  );
}
