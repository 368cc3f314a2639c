import { useTranslation } from 'react-i18next';
import { PageTitle } from '~/components/page-title';
import { brand, webConfig } from '~/config';
import { contentBlocks } from './catalogue-lists';
import { ContentBlocks } from './content-blocks';
import { formatLongDate } from './format-date';
import { PRIVACY_SECTIONS } from './privacy-content';

export function PrivacyPolicyPage() {
  const { t, i18n } = useTranslation('privacy');
  return (
    <div className="page-container py-8 sm:py-12">
      <PageTitle title={t('title')} />
      <article aria-labelledby="kebijakan-privasi-judul" className="mx-auto max-w-3xl">
        <h1 id="kebijakan-privasi-judul" className="text-3xl font-bold text-ink sm:text-4xl">
          {t('heading')}
        </h1>
        <p className="mt-2 text-muted">
          {t('effective')}{' '}
          <time dateTime={webConfig.privacyEffectiveDate}>
            {formatLongDate(webConfig.privacyEffectiveDate, i18n.language)}
          </time>
        </p>
        <p className="mt-4 text-lg leading-relaxed text-ink">{t('intro')}</p>

        <nav aria-labelledby="daftar-isi" className="mt-8 rounded-xl bg-surface p-5">
          <p id="daftar-isi" className="font-bold text-ink">
            {t('tocLabel')}
          </p>
          <ol className="mt-2 list-decimal pl-6">
            {PRIVACY_SECTIONS.map((id) => (
              <li key={id}>
                <a className="link inline-flex min-h-8 items-center" href={`#${id}`}>
                  {t(`sections.${id}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {PRIVACY_SECTIONS.map((id, index) => (
          <section key={id} id={id} aria-labelledby={`${id}-judul`} className="mt-10">
            <h2 id={`${id}-judul`} className="text-2xl font-bold text-ink">
              {index + 1}. {t(`sections.${id}.title`)}
            </h2>
            <ContentBlocks
              blocks={contentBlocks(t(`sections.${id}.blocks`, { returnObjects: true }))}
            />
            {id === 'kontak' && (
              <a className="btn btn-primary mt-4" href={brand.helpCentreUrl} rel="noopener">
                {t('contactLink')}
              </a>
            )}
          </section>
        ))}
      </article>
    </div>
  );
}
