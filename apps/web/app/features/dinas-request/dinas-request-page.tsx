import { OFFICE_ACCOUNT_ESTIMATE_DAYS } from '@portal/contracts/business-constants';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '~/api/query-provider';
import { PageTitle } from '~/components/page-title';
import { useRemoteToggle } from '~/toggles/use-feature';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/dinas-request.json';
import id from '~/locales/id/dinas-request.json';
import { DinasForm } from './dinas-form';
import { forgetDinasForm } from './dinas-form-values';
import { Alert } from '~/components/alert';

registerNamespace('dinas-request', { id, en });

/**
 * `/account/dinas` (SPEC §2, §3; issue 21): an education office requests its account with a
 * referral code and its official letter; the answer is a request number.
 */
export function DinasRequestPage() {
  const { t } = useTranslation('dinas-request');
  const open = useRemoteToggle('ACCOUNT_CREATION');
  const [submitted, setSubmitted] = useState<string | null>(null);
  // The form reads local storage: rendered in the browser only, after the prerendered intro.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="page-container max-w-2xl py-10">
      <PageTitle title={t('title')} />
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-3">{t('intro')}</p>
      <p className="mt-2 text-muted">{t('duration')}</p>
      {!hydrated ? null : submitted ? (
        <Submitted number={submitted} onAnother={() => setSubmitted(null)} />
      ) : !open ? (
        <Alert variant="info" className="mt-6">
          {t('closed')}
        </Alert>
      ) : (
        <QueryProvider>
          <DinasForm
            onSubmitted={(number) => {
              forgetDinasForm();
              setSubmitted(number);
            }}
          />
        </QueryProvider>
      )}
    </div>
  );
}

function Submitted({ number, onAnother }: { number: string; onAnother: () => void }) {
  const { t } = useTranslation('dinas-request');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="dinas-success" className="mt-6 rounded-lg border-2 border-brand p-4">
      <h2 id="dinas-success" ref={heading} tabIndex={-1} className="text-xl font-bold">
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
