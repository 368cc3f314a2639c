import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';
import { loadPart } from '~/hydration/load-part';

/**
 * The range, the charts, their checks and their call come after the page's first script (issue
 * 38): the prerendered page shows their frame, which hydrates when this code arrives.
 */
const funnelsPart = loadPart(() => import('./funnels'));

function Funnels() {
  const { FunnelsWithQueries } = use(funnelsPart);
  return <FunnelsWithQueries />;
}

/**
 * `/statistik`: how the service performs, for anyone. The daily lookup and reset
 * funnels, counts only (decision 0227), with their tables and CSV downloads.
 */
export function PublicStatisticsPage() {
  const { t } = useTranslation('public-statistics');
  return (
    <div className="page-container py-8 sm:py-12">
      <PageTitle title={t('title')} />
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t('heading')}</h1>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed">{t('intro')}</p>
      <Suspense fallback={null}>
        <Funnels />
      </Suspense>
    </div>
  );
}
