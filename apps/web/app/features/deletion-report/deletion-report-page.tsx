import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPart } from '~/hydration/load-part';
import { PageTitle } from '~/components/page-title';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/deletion-report.json';
import id from '~/locales/id/deletion-report.json';

registerNamespace('deletion-report', { id, en });

/**
 * The notice, the form and their API calls come after the page's first script: the
 * page is prerendered with its title, and the form hydrates when this code arrives.
 */
const reportPart = loadPart(() => import('./deletion-report-form'));

function DeletionReport() {
  const { DeletionReportWithQueries } = use(reportPart);
  return <DeletionReportWithQueries />;
}

/** `/account/deletion-report`: report that a deletion notice is a mistake. */
export function DeletionReportPage() {
  const { t } = useTranslation('deletion-report');
  return (
    <div className="page-container max-w-xl py-10">
      <PageTitle title={t('title')} />
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      {/* The part's room is kept from the first paint: the footer stays below the fold while
          the form arrives, instead of moving down under it (no layout shift). */}
      <div className="min-h-[calc(100dvh-8rem)]">
        <Suspense fallback={null}>
          <DeletionReport />
        </Suspense>
      </div>
    </div>
  );
}
