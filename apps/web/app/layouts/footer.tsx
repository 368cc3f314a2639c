import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '~/config';

export function Footer() {
  const { t } = useTranslation('common');
  const year = new Date().getFullYear();
  return (
    <footer className="render-when-near mt-12 bg-ink text-white">
      <div className="page-container grid gap-6 py-8 sm:grid-cols-2">
        <div>
          <p className="text-lg font-bold">{t('brandName')}</p>
          <p className="mt-2 text-sm text-slate-200">{t('footer.about')}</p>
        </div>
        <nav aria-label={t('footer.navLabel')}>
          <ul className="grid gap-1 text-sm">
            <li>
              <Link className="inline-flex min-h-11 items-center underline" to="/faq">
                {t('footer.faq')}
              </Link>
            </li>
            <li>
              <Link className="inline-flex min-h-11 items-center underline" to="/resources">
                {t('footer.resources')}
              </Link>
            </li>
            <li>
              <Link className="inline-flex min-h-11 items-center underline" to="/webinar">
                {t('footer.webinar')}
              </Link>
            </li>
            <li>
              <Link className="inline-flex min-h-11 items-center underline" to="/privacy-policy">
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link className="inline-flex min-h-11 items-center underline" to="/statistik">
                {t('footer.statistics')}
              </Link>
            </li>
            <li>
              <a
                className="inline-flex min-h-11 items-center underline"
                href={brand.helpCentreUrl}
                rel="noopener"
              >
                {t('footer.helpCentre')}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="page-container border-t border-white/20 py-4 text-sm text-slate-200">
        {t('footer.copyright', { year })}
      </p>
    </footer>
  );
}
