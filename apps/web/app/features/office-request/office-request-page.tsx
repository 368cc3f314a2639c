import { OFFICE_ACCOUNT_ESTIMATE_DAYS } from '@portal/contracts/business-constants';
import { Suspense, use, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';
import { useRemoteToggle, useTogglesSettled } from '~/toggles/use-feature';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/office-request.json';
import id from '~/locales/id/office-request.json';
import { Alert } from '~/components/alert';
import { loadPart } from '~/hydration/load-part';

registerNamespace('office-request', { id, en });

/**
 * The form, its checks and its API calls come after the page's first script, so that it stays light: the
 * prerendered page already shows the form, which hydrates when this code arrives.
 */
const formPart = loadPart(() => import('./office-request-form'));

function OfficeRequestForm({ onSubmitted }: { onSubmitted: (requestNumber: string) => void }) {
  const { OfficeRequestFormWithQueries } = use(formPart);
  return <OfficeRequestFormWithQueries onSubmitted={onSubmitted} />;
}

/**
 * `/account/dinas` (SPEC §2, §3): an education office requests its account with a
 * referral code and its official letter; the answer is a request number.
 */
export function OfficeRequestFormPage() {
  const { t } = useTranslation('office-request');
  // Until the server's toggles arrive the form stands, as it does on nearly every visit: the page
  // does not jump from the closed notice to the form.
  const creationOn = useRemoteToggle('ACCOUNT_CREATION');
  const togglesSettled = useTogglesSettled();
  const open = creationOn || !togglesSettled;
  const [submitted, setSubmitted] = useState<string | null>(null);
  // The same element on every render of the page: the page re-renders when the server's toggles
  // arrive, often while the form's part is still hydrating, and a boundary that is given new
  // props before it has hydrated is hydrated at once, in one task (React's selective hydration:
  // 370-550 ms on a mid-range phone), or thrown away and rendered again when its code is not here
  // yet. Unchanged, it hydrates in React's short background tasks.
  const form = useMemo(
    () => (
      <Suspense fallback={null}>
        <OfficeRequestForm onSubmitted={setSubmitted} />
      </Suspense>
    ),
    [],
  );
  return (
    <div className="page-container max-w-2xl py-10">
      <PageTitle title={t('title')} />
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-3">{t('intro')}</p>
      <p className="mt-2 text-muted">{t('duration')}</p>
      {submitted ? (
        <Submitted number={submitted} onAnother={() => setSubmitted(null)} />
      ) : !open ? (
        <Alert variant="info" className="mt-6">
          {t('closed')}
        </Alert>
      ) : (
        form
      )}
    </div>
  );
}

function Submitted({ number, onAnother }: { number: string; onAnother: () => void }) {
  const { t } = useTranslation('office-request');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="office-success" className="mt-6 rounded-lg border-2 border-brand p-4">
      <h2 id="office-success" ref={heading} tabIndex={-1} className="text-xl font-bold">
        {t('success.title')}
      </h2>
      <p className="mt-2 text-lg font-semibold">{t('success.number', { number })}</p>
      <p className="mt-2">{t('success.body', { days: OFFICE_ACCOUNT_ESTIMATE_DAYS })}</p>
      <button type="button" className="btn btn-secondary mt-4" onClick={onAnother}>
        {t('success.another')}
      </button>
    </section>
  );
}
