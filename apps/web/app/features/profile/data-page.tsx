import { DATA_EXPORT_POLICY, type DataExportFormat } from '@portal/contracts/profile';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';
import { ActionOutcome, useActionOutcome } from './action-outcome';
import { useExportPersonalData } from './api/export-personal-data';
import { PendingButton } from '~/components/pending-button';

/**
 * `/profile/data-saya`: the right of access. A copy of what the portal holds about
 * the person, made when they ask: JSON for programs, a page to read or print.
 */
export function DataPage() {
  const { t } = useTranslation('profile');
  const exporting = useExportPersonalData();
  const outcome = useActionOutcome();

  const download = (format: DataExportFormat) => {
    outcome.clear();
    exporting.mutate(format, {
      onSuccess: () => outcome.succeeded(t('data.done')),
      onError: (failure) => outcome.failed(failure, t('data.failed')),
    });
  };

  return (
    <>
      <PageTitle title={t('sections.data.title')} />
      <h1 className="text-3xl font-bold">{t('sections.data.title')}</h1>
      <p className="mt-3">{t('data.intro')}</p>
      <ul className="mt-3 list-disc space-y-1 pl-6">
        {(t('data.contents', { returnObjects: true }) as string[]).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-muted">
        {t('data.limit', {
          count: DATA_EXPORT_POLICY.perWindow,
          minutes: DATA_EXPORT_POLICY.windowMinutes,
        })}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <PendingButton
          type="button"
          className="btn btn-primary"
          pending={exporting.isPending}
          onClick={() => download('html')}
        >
          {t('data.html')}
        </PendingButton>
        <PendingButton
          type="button"
          className="btn btn-secondary"
          pending={exporting.isPending}
          onClick={() => download('json')}
        >
          {t('data.json')}
        </PendingButton>
      </div>
      <ActionOutcome outcome={outcome}>
        {exporting.isPending && <p className="text-muted">{t('data.making')}</p>}
      </ActionOutcome>
    </>
  );
}
