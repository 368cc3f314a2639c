import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '~/components/language-switch';
import { DialogHost } from '~/layouts/dialog-host';
import { SkipLink } from '~/layouts/skip-link';

/**
 * The blank layout of SPEC §2: no navbar or footer, only the page, the language switch, and the
 * logo as the way home (sign-in, consent, school admin, console, a page not found).
 */
export default function BlankLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="flex items-center justify-between gap-2 p-2">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-2 rounded-md px-2 font-bold text-brand"
        >
          <img src="/images/logo.svg" width="32" height="32" alt="" />
          <span className="text-sm min-[400px]:text-base">{t('brandName')}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      <DialogHost />
    </div>
  );
}
