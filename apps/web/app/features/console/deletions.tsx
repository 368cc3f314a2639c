import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { formStyles } from '~/components/form-styles';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { ScrollRegion } from '~/components/scroll-region';
import { Pager } from '~/components/pager';
import { Alert } from '~/components/alert';
import { useAccountDeletions } from './api/get-account-deletions';
import { useDecideAccountDeletion, type DeletionDecision } from './api/decide-account-deletion';
import { ConfirmDialog } from './confirm-dialog';
import { ConsoleSectionPage } from './console-section';
import { PendingButton } from '~/components/pending-button';

const STATUSES = ['reported', 'scheduled', 'disabled', 'cancelled', 'removed'] as const;

/** `/konsol/penghapusan`: the account deletions and their reports, for registrars. */
export function DeletionsPage() {
  return <ConsoleSectionPage section="deletions">{() => <Deletions />}</ConsoleSectionPage>;
}

/** Deletions of accounts whose owners left the registry: reports decided here. */
export function Deletions() {
  const { t, i18n } = useTranslation('console');
  const localise = useLocaliseMessage();
  const filterId = useId();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<(DeletionDecision & { name: string }) | null>(null);
  const deletions = useAccountDeletions({ status, page });
  const decide = useDecideAccountDeletion();
  const day = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
      dateStyle: 'medium',
      timeZone: 'UTC',
    }).format(Date.parse(`${iso}T00:00:00Z`));
  return (
    <section aria-labelledby="deletions-title">
      <h1 id="deletions-title" className="text-3xl font-bold">
        {t('deletions.title')}
      </h1>
      <p className="mt-2">{t('deletions.intro')}</p>
      <label htmlFor={filterId} className={`${formStyles.label} mt-4 block`}>
        {t('deletions.filter')}
      </label>
      <select
        id={filterId}
        className={formStyles.control(false)}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value);
          setPage(1);
        }}
      >
        <option value="">{t('deletions.all')}</option>
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`deletions.statuses.${s}`)}
          </option>
        ))}
      </select>
      {deletions.error instanceof ApiError ? (
        <Alert variant="error" className="mt-3">
          {localise(deletions.error)}
        </Alert>
      ) : null}
      <ScrollRegion className="mt-4" label={t('deletions.caption')}>
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{t('deletions.caption')}</caption>
          <thead>
            <tr className="border-b-2 border-line">
              {(['name', 'kind', 'state', 'deletionOn', 'removalOn', 'report'] as const).map(
                (column) => (
                  <th key={column} scope="col" className="p-2">
                    {t(`deletions.${column}`)}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {deletions.data?.items.length === 0 ? (
              <tr>
                <td colSpan={6} className="p-2">
                  {t('deletions.empty')}
                </td>
              </tr>
            ) : null}
            {deletions.data?.items.map((d) => {
              const name = d.name ?? t('deletions.removed');
              return (
                <tr key={d.id} className="border-b border-line align-top">
                  <td className="p-2">{name}</td>
                  <td className="p-2">{t(`deletions.kinds.${d.kind}`)}</td>
                  <td className="p-2">
                    {t(`deletions.statuses.${d.status}`)}
                    {d.decision ? ` · ${t(`deletions.decisions.${d.decision}`)}` : ''}
                  </td>
                  <td className="p-2">{day(d.deletionOn)}</td>
                  <td className="p-2">{day(d.removalOn)}</td>
                  <td className="p-2">
                    {d.reportedBy ? (
                      <p className="font-semibold">{t(`deletions.reporters.${d.reportedBy}`)}</p>
                    ) : null}
                    {d.reportReason ? (
                      <p className="whitespace-pre-line">{d.reportReason}</p>
                    ) : null}
                    {d.status === 'reported' ? (
                      <div className="mt-2 flex flex-wrap gap-2">
                        <PendingButton
                          type="button"
                          className="btn btn-primary"
                          pending={decide.isPending}
                          onClick={() => {
                            decide.reset();
                            setDeciding({ id: d.id, decision: 'uphold', name });
                          }}
                        >
                          {t('deletions.uphold', { name })}
                        </PendingButton>
                        <PendingButton
                          type="button"
                          className="btn btn-secondary"
                          pending={decide.isPending}
                          onClick={() => {
                            decide.reset();
                            setDeciding({ id: d.id, decision: 'reject', name });
                          }}
                        >
                          {t('deletions.reject', { name })}
                        </PendingButton>
                      </div>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      {deletions.data ? (
        <Pager
          page={page}
          pageSize={deletions.data.pageSize}
          total={deletions.data.total}
          onPage={setPage}
        />
      ) : null}
      <ConfirmDialog
        open={deciding !== null}
        title={
          deciding?.decision === 'reject'
            ? t('deletions.confirmReject', { name: deciding.name })
            : t('deletions.confirmUphold', { name: deciding?.name ?? '' })
        }
        description={
          deciding?.decision === 'reject'
            ? t('deletions.confirmRejectText')
            : t('deletions.confirmUpholdText')
        }
        confirmLabel={
          deciding?.decision === 'reject' ? t('deletions.yesReject') : t('deletions.yesUphold')
        }
        pending={decide.isPending}
        error={decide.error}
        onConfirm={() =>
          deciding &&
          decide.mutate(
            { id: deciding.id, decision: deciding.decision },
            { onSuccess: () => setDeciding(null) },
          )
        }
        onCancel={() => setDeciding(null)}
      />
    </section>
  );
}
