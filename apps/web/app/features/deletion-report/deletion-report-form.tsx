import {
  DELETION_MESSAGES,
  DeletionReportBodySchema,
  type DeletionReportBody,
} from '@portal/contracts/account-deletion';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { QueryProvider } from '~/api/query-provider';
import { contractResolver } from '~/components/contract-resolver';
import { FormField } from '~/components/form-field';
import { formStyles } from '~/components/form-styles';
import { useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';
import { useDeletionNotice } from './api/get-deletion-notice';
import { useReportDeletionMistake } from './api/report-deletion-mistake';
import { Alert } from '~/components/alert';
import { PendingButton } from '~/components/pending-button';

/** What the person fills in; the token comes from the link. */
type ReportValues = { reporter: string; reason: string };

/**
 * Reads the token from the notice's link (`#t=…`) and takes it out of the address bar, so that
 * neither history nor a shared screenshot carries it.
 */
function tokenFromAddress(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('t');
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/**
 * The notice's form with its calls, a part of `DeletionReportPage`: it comes after the
 * page's first script, so the prerendered page shows its title before this code arrives.
 */
export function DeletionReportWithQueries() {
  return (
    <QueryProvider>
      <DeletionReport />
    </QueryProvider>
  );
}

function DeletionReport() {
  const { t, i18n } = useTranslation('deletion-report');
  const localise = useLocaliseMessage();
  // undefined until the browser has read the address.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(tokenFromAddress()), []);
  const notice = useDeletionNotice(token ?? null);
  const report = useReportDeletionMistake();
  const ids = { reason: useId(), reporter: useId() };
  const resolver = useMemo(
    () =>
      contractResolver<ReportValues, DeletionReportBody>(DeletionReportBodySchema, (values) => ({
        token,
        ...values,
      })),
    [token],
  );
  const { register, handleSubmit } = useForm<ReportValues, unknown, DeletionReportBody>({
    defaultValues: { reporter: '', reason: '' },
    resolver,
  });
  const [problem, setProblem] = useState<ShownMessage | null>(null);

  const day = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(Date.parse(`${iso}T00:00:00Z`));

  if (token === undefined || notice.isPending) {
    if (token === null)
      return (
        <Alert variant="error-box" className="mt-6">
          {localise(DELETION_MESSAGES.linkInvalid)}
        </Alert>
      );
    return (
      <p role="status" className="mt-4 text-muted">
        {t('loading')}
      </p>
    );
  }
  if (notice.error)
    return (
      <Alert variant="error-box" className="mt-6">
        {localise(notice.error instanceof ApiError ? notice.error : DELETION_MESSAGES.linkInvalid)}
      </Alert>
    );
  const status = report.data?.status ?? notice.data.status;
  const dates = { date: day(notice.data.deletionOn), until: day(notice.data.reportUntil) };

  // The form shows one message for all its fields: the schema's first.
  const refused = (errors: FieldErrors<ReportValues>) =>
    setProblem(
      Object.values(errors).find((error) => error?.message)?.message ??
        DELETION_MESSAGES.reasonRequired,
    );
  const submit = handleSubmit((body) => {
    setProblem(null);
    report.mutate(body, {
      onError: (error) => setProblem(error instanceof ApiError ? error : String(error)),
    });
  }, refused);

  return (
    <>
      <p className="mt-4">{t('stated', dates)}</p>
      {notice.data.accounts.length > 0 ? (
        <>
          <p className="mt-2">{t('accounts')}</p>
          <ul className="mt-1 list-disc pl-5 font-semibold">
            {notice.data.accounts.map((account, index) => (
              // Masked addresses may repeat (one leading character): their place tells them apart.
              <li key={`${index}-${account}`} className="break-all">
                {account}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {status === 'scheduled' ? (
        <form onSubmit={submit} noValidate className="mt-6 space-y-5">
          <p>{t('intro', dates)}</p>
          <fieldset>
            <legend className={formStyles.label}>{t('reporter')}</legend>
            {(['owner', 'school_admin'] as const).map((value) => (
              <label key={value} className="mt-2 flex min-h-6 items-center gap-2">
                <input type="radio" {...register('reporter')} value={value} className="size-5" />
                {t(`reporters.${value}`)}
              </label>
            ))}
          </fieldset>
          <FormField id={ids.reason} label={t('reason')} hint={t('reasonHint')}>
            {(control) => (
              <textarea {...control} rows={5} maxLength={1000} {...register('reason')} />
            )}
          </FormField>
          {problem ? (
            <Alert variant="error-box" className="mt-6">
              {localise(problem)}
            </Alert>
          ) : null}
          <PendingButton
            type="submit"
            className="btn btn-primary w-full"
            pending={report.isPending}
          >
            {t('submit')}
          </PendingButton>
        </form>
      ) : (
        <p
          role="status"
          className="mt-6 rounded-md border-2 border-line bg-surface p-3 font-semibold"
        >
          {t(`status.${status}`, dates)}
        </p>
      )}
    </>
  );
}
