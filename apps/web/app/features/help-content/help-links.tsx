import clsx from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '~/config';

export type HelpDestination = 'faq' | 'resources' | 'webinar' | 'helpCentre';

const PATHS: Record<Exclude<HelpDestination, 'helpCentre'>, string> = {
  faq: '/faq',
  resources: '/resources',
  webinar: '/webinar',
};

/**
 * The "still need help" section closing a help page: its title and body, then the other places
 * to look, the first as the main button. Texts are the page's own, under `help.` in its namespace.
 */
export function HelpLinks({
  namespace,
  destinations,
}: {
  namespace: string;
  destinations: HelpDestination[];
}) {
  const { t } = useTranslation(namespace);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-12 rounded-2xl bg-surface p-5 sm:p-8">
      <h2 id={headingId} className="text-2xl font-bold text-ink">
        {t('help.title')}
      </h2>
      <p className="mt-2 max-w-3xl text-ink">{t('help.body')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        {destinations.map((destination, index) => {
          const className = clsx('btn', index === 0 ? 'btn-primary' : 'btn-secondary');
          return destination === 'helpCentre' ? (
            <a key={destination} className={className} href={brand.helpCentreUrl} rel="noopener">
              {t('help.helpCentre')}
            </a>
          ) : (
            <Link key={destination} className={className} to={PATHS[destination]}>
              {t(`help.${destination}`)}
            </Link>
          );
        })}
      </div>
    </section>
  );
}
