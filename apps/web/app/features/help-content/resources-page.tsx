import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDialogs } from '~/components/dialog-store';
import { PageTitle } from '~/components/page-title';
import { brand } from '~/config';
import { stringList, titledList } from './catalogue-lists';
import {
  ACTIVATION_ANCHOR,
  APPS_ANCHOR,
  GUIDES,
  GUIDES_ANCHOR,
  LEARNING_APPS,
} from './resources-content';
import type { Audience, Guide } from './resources-content';
import { HelpLinks } from './help-links';

export function ResourcesPage() {
  const { t } = useTranslation('resources');
  const activationSteps = titledList(t('activation.steps', { returnObjects: true }));

  return (
    <div className="page-container py-8 sm:py-12">
      <PageTitle title={t('title')} />
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t('heading')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">{t('intro')}</p>

      <nav aria-label={t('toc.label')} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            <a className="btn btn-secondary text-sm" href={`#${ACTIVATION_ANCHOR}`}>
              {t('toc.activation')}
            </a>
          </li>
          <li>
            <a className="btn btn-secondary text-sm" href={`#${GUIDES_ANCHOR}`}>
              {t('toc.guides')}
            </a>
          </li>
          <li>
            <a className="btn btn-secondary text-sm" href={`#${APPS_ANCHOR}`}>
              {t('toc.apps')}
            </a>
          </li>
        </ul>
      </nav>

      <section
        id={ACTIVATION_ANCHOR}
        aria-labelledby={`${ACTIVATION_ANCHOR}-judul`}
        className="mt-12 rounded-2xl bg-brand-soft p-5 sm:p-8"
      >
        <h2 id={`${ACTIVATION_ANCHOR}-judul`} className="text-2xl font-bold text-ink">
          {t('activation.title')}
        </h2>
        <p className="mt-2 text-ink">{t('activation.intro')}</p>
        <ol className="mt-6 grid gap-4 md:grid-cols-2">
          {activationSteps.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-xl bg-white p-4">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-bold text-ink">{step.title}</h3>
                <p className="mt-1 text-ink">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
        <Link
          className="btn btn-primary mt-6"
          to="/account/lookup/v2"
          data-track="resources-activation-lookup"
        >
          {t('activation.cta')}
        </Link>
      </section>

      <section id={GUIDES_ANCHOR} aria-labelledby={`${GUIDES_ANCHOR}-judul`} className="mt-12">
        <h2 id={`${GUIDES_ANCHOR}-judul`} className="text-2xl font-bold text-ink">
          {t('guides.title')}
        </h2>
        <p className="mt-2 text-muted">{t('guides.intro')}</p>
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {GUIDES.map((guide) => (
            <GuideCard key={guide.id} guide={guide} />
          ))}
        </div>
      </section>

      <section id={APPS_ANCHOR} aria-labelledby={`${APPS_ANCHOR}-judul`} className="mt-12">
        <h2 id={`${APPS_ANCHOR}-judul`} className="text-2xl font-bold text-ink">
          {t('apps.title')}
        </h2>
        <p className="mt-2 max-w-3xl text-muted">{t('apps.intro')}</p>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {LEARNING_APPS.map((app) => (
            <li key={app.id} className="flex flex-col rounded-xl border border-line p-5">
              <p className="text-sm font-semibold text-brand">
                {t(`apps.items.${app.id}.category`)}
              </p>
              <h3 className="mt-1 text-xl font-bold text-ink">{t(`apps.items.${app.id}.name`)}</h3>
              <p className="mt-2 text-ink">{t(`apps.items.${app.id}.description`)}</p>
              <p className="mt-4 text-sm font-semibold text-muted">{t('apps.usesLabel')}</p>
              <ul className="mt-1 list-disc pl-5 text-ink">
                {stringList(t(`apps.items.${app.id}.uses`, { returnObjects: true })).map((use) => (
                  <li key={use}>{use}</li>
                ))}
              </ul>
              <AudienceTags audiences={app.audiences} className="mt-auto pt-4" />
            </li>
          ))}
        </ul>
      </section>

      <HelpLinks namespace="resources" destinations={['faq', 'webinar', 'helpCentre']} />
    </div>
  );
}

function GuideCard({ guide }: { guide: Guide }) {
  const { t } = useTranslation('resources');
  const titleId = `${guide.id}-judul`;
  return (
    <article
      id={guide.id}
      aria-labelledby={titleId}
      className="flex flex-col rounded-xl border border-line p-5"
    >
      <h3 id={titleId} className="text-xl font-bold text-ink">
        {t(`guides.items.${guide.id}.title`)}
      </h3>
      <AudienceTags audiences={guide.audiences} className="mt-2" />
      <ol className="mt-4 list-decimal space-y-2 pl-6 text-ink marker:font-bold marker:text-brand">
        {stringList(t(`guides.items.${guide.id}.steps`, { returnObjects: true })).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="mt-auto pt-5">
        <GuideActionButton guide={guide} />
      </div>
    </article>
  );
}

function GuideActionButton({ guide }: { guide: Guide }) {
  const { t } = useTranslation('resources');
  const dialogs = useDialogs();
  const label = t(`guides.items.${guide.id}.action`);
  const track = `resources-${guide.id}`;
  const { action } = guide;
  switch (action.kind) {
    case 'route':
      return (
        <Link className="btn btn-secondary" to={action.to} data-track={track}>
          {label}
        </Link>
      );
    case 'brand':
      return (
        <a
          className="btn btn-secondary"
          href={brand[action.link]}
          rel="noopener"
          data-track={track}
        >
          {label}
        </a>
      );
    case 'dialog':
      return (
        <button
          type="button"
          className="btn btn-secondary"
          data-track={track}
          onClick={() =>
            dialogs.open(
              action.dialog === 'reset'
                ? { kind: 'reset' }
                : { kind: 'auth', mode: 'pengajuan-akun' },
            )
          }
        >
          {label}
        </button>
      );
  }
}

function AudienceTags({
  audiences,
  className,
}: {
  audiences: readonly Audience[];
  className?: string;
}) {
  const { t } = useTranslation('resources');
  return (
    <p className={clsx('flex flex-wrap items-center gap-2', className)}>
      <span className="text-sm font-semibold text-muted">{t('audiences.label')}:</span>
      {audiences.map((audience) => (
        <span
          key={audience}
          className="rounded-full bg-surface px-3 py-1 text-sm font-medium text-ink"
        >
          {t(`audiences.${audience}`)}
        </span>
      ))}
    </p>
  );
}
