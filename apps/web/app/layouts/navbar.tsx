import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '~/components/app-link';
import { Link, useLocation } from 'react-router';
import { useDialogs, type DialogRequest } from '~/components/dialog-store';
import { LanguageSwitch } from '~/components/language-switch';
import { brand } from '~/config';
import { navItemClass } from '~/layouts/nav-item-styles';
import { SchoolAdminDropdown } from '~/layouts/school-admin-trigger';

export function Navbar() {
  const { t } = useTranslation('common');
  const dialogs = useDialogs();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // A navigation closes the menu, adjusted during render as React advises for state that
  // follows a prop.
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  const menuButton = useRef<HTMLButtonElement>(null);
  // A modal closes the mobile menu, which would otherwise stay open behind it. Focus moves to
  // the menu's button first: the modal returns it there, the item that opened it being hidden.
  const openDialog = (request: DialogRequest) => {
    if (menuOpen) {
      menuButton.current?.focus();
      setMenuOpen(false);
    }
    dialogs.open(request);
  };
  const requestStudentAccounts = () => openDialog({ kind: 'auth', mode: 'pengajuan-akun' });
  const openReset = () => openDialog({ kind: 'reset' });

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white">
      <div className="page-container flex min-h-16 items-center justify-between gap-2">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-2 rounded-md font-bold text-brand"
          data-track="navbar-logo"
        >
          <img src="/images/logo.svg" width="32" height="32" alt="" />
          <span className="whitespace-nowrap text-sm min-[400px]:text-base">{t('brandName')}</span>
        </Link>
        {/* Hidden below xl, where the disclosure menu serves instead: under it the items would
            wrap onto two lines in either language. */}
        <nav aria-label={t('nav.label')} className="hidden xl:block">
          <ul className="flex items-center gap-1 whitespace-nowrap">
            <li>
              <a
                className={navItemClass}
                href={brand.chromebookHelpUrl}
                rel="noopener"
                data-track="navbar-chromebook"
              >
                {t('nav.chromebook')}
              </a>
            </li>
            <li>
              <SchoolAdminDropdown onRequestStudentAccounts={requestStudentAccounts} />
            </li>
            <li>
              <Link className={navItemClass} to="/profile">
                {t('nav.profile')}
              </Link>
            </li>
            <li>
              <button
                type="button"
                className={navItemClass}
                onClick={openReset}
                data-track="navbar-reset"
              >
                {t('nav.resetPassword')}
              </button>
            </li>
            <li>
              <a
                className={navItemClass}
                href={brand.helpCentreUrl}
                rel="noopener"
                data-track="navbar-help"
              >
                {t('nav.help')}
              </a>
            </li>
            <li>
              <LanguageSwitch />
            </li>
          </ul>
        </nav>
        <div className="flex items-center gap-1 xl:hidden">
          <LanguageSwitch className="btn btn-ghost min-h-11 px-2 text-sm" />
          <button
            ref={menuButton}
            type="button"
            className="btn btn-secondary min-h-11 px-3"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
            data-track="navbar-mobile-menu"
          >
            <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
            {t('nav.menu')}
          </button>
        </div>
      </div>
      {/* A disclosure button and region: all the mobile menu needs, without a library. */}
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-line xl:hidden">
        <nav aria-label={t('nav.mobileLabel')} className="page-container py-2">
          <ul className="grid gap-1">
            <li>
              <a className={navItemClass} href={brand.chromebookHelpUrl} rel="noopener">
                {t('nav.chromebook')}
              </a>
            </li>
            <li>
              <p className="px-3 pt-2 text-sm font-semibold text-muted" id="mobile-school-admin">
                {t('nav.schoolAdmin')}
              </p>
              <ul aria-labelledby="mobile-school-admin" className="ml-3 grid gap-1">
                <li>
                  <button type="button" className={navItemClass} onClick={requestStudentAccounts}>
                    {t('nav.requestStudentAccounts')}
                  </button>
                </li>
                <li>
                  <AppLink className={navItemClass} to={brand.adminPortalUrl}>
                    {t('nav.adminPortal')}
                  </AppLink>
                </li>
              </ul>
            </li>
            <li>
              <Link className={navItemClass} to="/profile">
                {t('nav.profile')}
              </Link>
            </li>
            <li>
              <button type="button" className={navItemClass} onClick={openReset}>
                {t('nav.resetPassword')}
              </button>
            </li>
            <li>
              <a className={navItemClass} href={brand.helpCentreUrl} rel="noopener">
                {t('nav.help')}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
