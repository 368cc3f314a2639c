import type { Passkey } from '@portal/contracts/passkeys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasskeyAddSection, usePasskeyAdd } from '~/auth/passkey-add';
import { ListStatus } from '~/components/list-status';
import { PasskeyList } from '~/components/passkey-list';
import { useAddPasskey } from './api/add-passkey';
import { usePasskeys } from './api/get-passkeys';
import { useRemovePasskey } from './api/remove-passkey';

/**
 * The staff member's own passkeys: a second factor beside the authenticator app,
 * listed, added with an optional name, removed one by one. The app stays enrolled throughout.
 */
export function Passkeys() {
  const { t, i18n } = useTranslation('console');
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [done, setDone] = useState<string | null>(null);

  const day = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
      dateStyle: 'medium',
      timeZone: 'Asia/Jakarta',
    }).format(Date.parse(iso));
  const nameOf = (passkey: Passkey) =>
    passkey.label ?? t('passkeys.unnamed', { date: day(passkey.createdAt) });

  const adding = usePasskeyAdd(add, (passkey) =>
    setDone(t('passkeys.added', { name: nameOf(passkey) })),
  );
  const onAdd = () => {
    setDone(null);
    adding.section.onAdd();
  };
  const onRemove = (passkey: Passkey) => {
    adding.clearRefusal();
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
      {/* The list's failure is said under the add form, with the add's and the removal's. */}
      <ListStatus
        error={null}
        count={passkeys.data?.length}
        pending={passkeys.isPending}
        texts={{ none: t('passkeys.none'), loading: t('loading') }}
      />
      {items.length === 0 ? null : (
        <PasskeyList
          className="mt-4"
          passkeys={items}
          nameOf={nameOf}
          details={(passkey) => (
            <>
              {t('passkeys.addedOn', { date: day(passkey.createdAt) })}
              {' · '}
              {passkey.lastUsedAt
                ? t('passkeys.lastUsed', { date: day(passkey.lastUsedAt) })
                : t('passkeys.neverUsed')}
            </>
          )}
          removeText={t('passkeys.remove')}
          removeNamed={(name) => t('passkeys.removeNamed', { name })}
          removePending={remove.isPending}
          onRemove={onRemove}
        />
      )}
      <PasskeyAddSection
        namespace="console"
        className="mt-6"
        {...adding.section}
        onAdd={onAdd}
        status={
          <p role="status" className="mt-2 min-h-6 font-semibold">
            {done}
          </p>
        }
        error={error}
      />
    </section>
  );
}
