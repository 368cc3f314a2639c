import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { FormField } from '~/components/form-field';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { ScrollRegion } from '~/components/scroll-region';
import { Alert } from '~/components/alert';
import type { ReferralCodeItem } from '@portal/contracts/console';
import { useReferralCodes } from './api/get-referral-codes';
import { useCreateReferralCode } from './api/create-referral-code';
import { useRevokeReferralCode } from './api/revoke-referral-code';
import { ConfirmDialog } from './confirm-dialog';
import { ConsoleSectionPage } from './console-section';

/** `/konsol/kode-referral`: the referral codes, for their managers. */
export function ReferralCodesPage() {
  return (
    <ConsoleSectionPage section="referral-codes">{() => <ReferralCodes />}</ConsoleSectionPage>
  );
}

/** Referral codes: made with a use limit and maybe an end date, listed, revoked. */
export function ReferralCodes() {
  const { t, i18n } = useTranslation('console');
  const localise = useLocaliseMessage();
  const ids = { uses: useId(), until: useId() };
  const [maxUses, setMaxUses] = useState('10');
  const [until, setUntil] = useState('');
  const [revoking, setRevoking] = useState<ReferralCodeItem | null>(null);
  const codes = useReferralCodes();
  const create = useCreateReferralCode();
  const revoke = useRevokeReferralCode();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      maxUses: Number(maxUses),
      // The end of the chosen day in Jakarta.
      ...(until ? { expiresAt: new Date(`${until}T23:59:59+07:00`).toISOString() } : {}),
    });
  };
  const day = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
          dateStyle: 'medium',
          timeZone: 'Asia/Jakarta',
        }).format(Date.parse(iso))
      : t('codes.never');
  return (
    <section aria-labelledby="codes-title">
      <h1 id="codes-title" className="text-3xl font-bold">
        {t('codes.title')}
      </h1>
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-end">
        <FormField id={ids.uses} label={t('codes.maxUses')}>
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              max={10000}
              inputMode="numeric"
              value={maxUses}
              onChange={(e) => setMaxUses(e.target.value)}
            />
          )}
        </FormField>
        <FormField id={ids.until} label={t('codes.expiresOn')}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={until}
              onChange={(e) => setUntil(e.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {t('codes.create')}
        </button>
      </form>
      <p aria-live="polite" className="mt-2 font-semibold">
        {create.data ? t('codes.created', { code: create.data.code }) : null}
      </p>
      {create.error instanceof ApiError ? (
        <Alert variant="field-error">{localise(create.error)}</Alert>
      ) : null}
      {codes.error instanceof ApiError ? (
        <Alert variant="error" className="mt-3">
          {localise(codes.error)}
        </Alert>
      ) : null}
      <p aria-live="polite" className="mt-2 font-semibold">
        {revoke.isSuccess ? t('codes.revokedNote', { code: revoke.data.code }) : null}
      </p>
      <ScrollRegion className="mt-4" label={t('codes.caption')}>
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{t('codes.caption')}</caption>
          <thead>
            <tr className="border-b-2 border-line">
              <th scope="col" className="p-2">
                {t('codes.code')}
              </th>
              <th scope="col" className="p-2">
                {t('codes.uses')}
              </th>
              <th scope="col" className="p-2">
                {t('codes.expires')}
              </th>
              <th scope="col" className="p-2">
                {t('codes.state')}
              </th>
              <th scope="col" className="p-2">
                <span className="sr-only">{t('codes.revoke', { code: '' })}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {codes.data?.map((code) => (
              <tr key={code.id} className="border-b border-line">
                <td className="p-2 font-mono">{code.code}</td>
                <td className="p-2">
                  {code.uses} / {code.maxUses}
                </td>
                <td className="p-2">{day(code.expiresAt)}</td>
                <td className="p-2">{t(`codes.${code.state}`)}</td>
                <td className="p-2">
                  {code.state !== 'revoked' && (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      onClick={() => {
                        revoke.reset();
                        setRevoking(code);
                      }}
                    >
                      {t('codes.revoke', { code: code.code })}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <ConfirmDialog
        open={revoking !== null}
        title={t('codes.confirmRevoke', { code: revoking?.code ?? '' })}
        description={t('codes.confirmRevokeText')}
        confirmLabel={t('codes.yesRevoke')}
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() =>
          revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })
        }
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
