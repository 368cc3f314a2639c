import type { ConsoleSection, StaffSelf } from '@portal/contracts/staff';
import { CONSOLE_OWN_ACCOUNT_PAGE, CONSOLE_SECTION_PAGES } from '@portal/contracts/web-routes';
import clsx from 'clsx';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';

/** Who is signed in to the console, with what roles, and the way out. */
export function StaffBar({ self, onSignOut }: { self: StaffSelf; onSignOut: () => void }) {
  const { t } = useTranslation('console');
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-line pb-4">
      <div className="min-w-0">
        <p className="font-bold text-brand-dark">{t('title')}</p>
        <p className="break-all">{t('bar.signedInAs', { email: self.email })}</p>
        <p className="text-sm text-muted">
          {self.roles.length === 0
            ? t('bar.noRoles')
            : t('bar.roles', { roles: self.roles.map((role) => t(`roles.${role}`)).join(', ') })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={CONSOLE_OWN_ACCOUNT_PAGE} className="btn btn-secondary">
          {t('bar.ownAccount')}
        </Link>
        <button type="button" className="btn btn-secondary" onClick={onSignOut}>
          {t('bar.signOut')}
        </button>
      </div>
    </div>
  );
}

const inSection = (pathname: string, section: ConsoleSection) => {
  const page = CONSOLE_SECTION_PAGES[section];
  return pathname === page || pathname.startsWith(`${page}/`);
};

/**
 * The sections the member's roles open, and only those. Below `md` a disclosure button shows
 * the current section and opens the list (Escape closes it); wider screens show the list.
 * The current section's link carries `aria-current="page"` (NavLink).
 */
export function SectionNav({ sections }: { sections: readonly ConsoleSection[] }) {
  const { t } = useTranslation('console');
  const { pathname } = useLocation();
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // A navigation closes the list, adjusted during render as React advises.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }
  if (sections.length === 0) return null;
  const current = sections.find((section) => inSection(pathname, section));
  return (
    <nav
      aria-label={t('nav.label')}
      className="mt-3"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-secondary w-full justify-between md:hidden"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <span>
          {current ? t('nav.current', { section: t(`sections.${current}`) }) : t('nav.menu')}
        </span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <ul
        id={listId}
        className={clsx(
          'mt-2 flex-col gap-1 md:mt-0 md:flex md:flex-row md:flex-wrap',
          open ? 'flex' : 'hidden',
        )}
      >
        {sections.map((section) => (
          <li key={section}>
            <NavLink
              to={CONSOLE_SECTION_PAGES[section]}
              className={({ isActive }) =>
                clsx(
                  'inline-flex min-h-11 w-full items-center rounded-md border-2 px-3 font-medium',
                  isActive
                    ? 'border-brand bg-brand-soft font-bold text-brand-dark'
                    : 'border-transparent text-ink hover:bg-surface',
                )
              }
            >
              {t(`sections.${section}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
