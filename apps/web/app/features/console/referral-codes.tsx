import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { contractResolver } from '~/components/contract-resolver';
import { FormField } from '~/components/form-field';
import { fromFormError, toFormError, useLocaliseMessage } from '~/i18n/server-messages';
import { ScrollRegion } from '~/components/scroll-region';
import { Alert } from '~/components/alert';
import { ReferralCodeCreateSchema, type ReferralCodeItem } from '@portal/contracts/console';
import { useReferralCodes } from './api/get-referral-codes';
import { useCreateReferralCode, type NewReferralCode } from './api/create-referral-code';
import { useRevokeReferralCode } from './api/revoke-referral-code';
import { ConfirmDialog } from './confirm-dialog';
import { ConsoleSectionPage } from './console-section';
import { PendingButton } from '~/components/pending-button';

/** `/konsol/kode-referral`: the referral codes, for their managers. */
export function ReferralCodesPage() {
  return (
    <ConsoleSectionPage section="referral-codes">{() => <ReferralCodes />}</ConsoleSectionPage>
  );
}

/** The use limit as typed, and the last day (`YYYY-MM-DD`, empty: no end). */
type CodeValues = { maxUses: string; expiresAt: string };
const FIELDS: readonly string[] = ['maxUses', 'expiresAt'];
const isField = (field: string): field is keyof CodeValues => FIELDS.includes(field);

/** The end of a day in Jakarta; a day that cannot be read is sent as it is, for the schema to name. */
function endOfDay(day: string): string {
  const end = Date.parse(`${day}T23:59:59+07:00`);
  return Number.isNaN(end) ? day : new Date(end).toISOString();
}

/** The API's own check of a new code: the use limit, and an end within the operational dates. */
const codeResolver = contractResolver<CodeValues, NewReferralCode>(
  ReferralCodeCreateSchema,
  ({ maxUses, expiresAt }) => ({
    maxUses,
    ...(expiresAt ? { expiresAt: endOfDay(expiresAt) } : {}),
  }),
);

/** Referral codes: made with a use limit and maybe an end date, listed, revoked. */
export function ReferralCodes() {
  const { t, i18n } = useTranslation('console');
  const localise = useLocaliseMessage();
  const ids = { uses: useId(), until: useId() };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CodeValues, unknown, NewReferralCode>({
    defaultValues: { maxUses: '10', expiresAt: '' },
    resolver: codeResolver,
  });
  const [revoking, setRevoking] = useState<ReferralCodeItem | null>(null);
  const codes = useReferralCodes();
  const create = useCreateReferralCode();
  const revoke = useRevokeReferralCode();
  const submit = handleSubmit(
    (body) =>
      create.mutate(body, {
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          // A field's first problem is the one it shows, as the schema's own check does.
          for (const item of [...error.fieldErrors].reverse()) {
            if (isField(item.field)) setError(item.field, toFormError(error.fieldMessage(item)));
          }
        },
      }),
    () => create.reset(),
  );
  const formError =
    create.error instanceof ApiError &&
    !create.error.fieldErrors.some((item) => isField(item.field))
      ? localise(create.error)
      : undefined;
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
      {/* The browser's own check of the number's range stays: it answers before the schema's. */}
      <form
        onSubmit={(event) => void submit(event)}
        className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-end"
      >
        <FormField
          id={ids.uses}
          label={t('codes.maxUses')}
          error={localise(fromFormError(errors.maxUses))}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              max={10000}
              inputMode="numeric"
              {...register('maxUses')}
            />
          )}
        </FormField>
        <FormField
          id={ids.until}
          label={t('codes.expiresOn')}
          error={localise(fromFormError(errors.expiresAt))}
        >
          {(control) => <input {...control} type="date" {...register('expiresAt')} />}
        </FormField>
        <PendingButton type="submit" className="btn btn-primary" pending={create.isPending}>
          {t('codes.create')}
        </PendingButton>
      </form>
      <p aria-live="polite" className="mt-2 font-semibold">
        {create.data ? t('codes.created', { code: create.data.code }) : null}
      </p>
      {formError ? <Alert variant="field-error">{formError}</Alert> : null}
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
