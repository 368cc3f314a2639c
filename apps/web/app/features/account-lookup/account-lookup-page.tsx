import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';
import { loadPart } from '~/hydration/load-part';
import { brand } from '~/config';
import { useFeature } from '~/toggles/use-feature';
import { Alert } from '~/components/alert';

/**
 * The form, its checks and its calls come after the page's first script, so that it stays light: the
 * prerendered page shows the form, which hydrates when this code arrives.
 */
const lookupPart = loadPart(() => import('./lookup-area'));

function Lookup() {
  const { LookupArea } = use(lookupPart);
  return <LookupArea />;
}

/**
 * One element for every render of the page: a boundary given new props before it has hydrated
 * is hydrated at once, in one long task (React's selective hydration), and the page re-renders
 * when the server's toggles arrive, often while the part is still hydrating.
 */
const lookupBoundary = (
  <Suspense fallback={null}>
    <Lookup />
  </Suspense>
);

/** Account lookup (SPEC §2, §3): form for the chosen user type, then the result and its actions. */
export function AccountLookupPage() {
  const { t } = useTranslation('account-lookup');
  const lookupOn = useFeature('accountLookup');
  // SPEC §3's local feature: a build without the lookup says so instead of offering the form.
  if (!lookupOn) {
    return (
      <div className="page-container max-w-2xl py-8 sm:py-10">
        <PageTitle title={t('title')} />
        <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
        <Alert variant="info" className="mt-6">
          <p>{t('lookupOff.body')}</p>
          <a
            href={brand.helpCentreUrl}
            rel="noopener"
            className="link mt-2 inline-flex min-h-11 items-center"
          >
            {t('lookupOff.help')}
          </a>
        </Alert>
      </div>
    );
  }
  return (
    <div className="page-container max-w-2xl py-8 sm:py-10">
      <PageTitle title={t('title')} />
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <p className="mt-3 text-muted">{t('intro')}</p>
      {lookupBoundary}
    </div>
  );
}
