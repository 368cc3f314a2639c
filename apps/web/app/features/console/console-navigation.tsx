import type { ConsoleSection, StaffSelf } from '@portal/contracts/staff';
import { CONSOLE_OWN_ACCOUNT_PAGE, CONSOLE_SECTION_PAGES } from '@portal/contracts/web-routes';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SectionMenu } from '~/layouts/section-menu';

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
 * The sections the member's roles open, and only those, in the area's section menu.
 */
export function SectionNav({ sections }: { sections: readonly ConsoleSection[] }) {
  const { t } = useTranslation('console');
  const { pathname } = useLocation();
  if (sections.length === 0) return null;
  const current = sections.find((section) => inSection(pathname, section));
  return (
    <SectionMenu
      label={t('nav.label')}
      className="mt-3"
      toggleText={current ? t('nav.current', { section: t(`sections.${current}`) }) : t('nav.menu')}
      links={sections.map((section) => ({
        key: section,
        to: CONSOLE_SECTION_PAGES[section],
        text: t(`sections.${section}`),
      }))}
      listClassName={(open) =>
        clsx(
          'mt-2 flex-col gap-1 md:mt-0 md:flex md:flex-row md:flex-wrap',
          open ? 'flex' : 'hidden',
        )
      }
      linkClassName={(isActive) =>
        clsx(
          'inline-flex min-h-11 w-full items-center rounded-md border-2 px-3 font-medium',
          isActive
            ? 'border-brand bg-brand-soft font-bold text-brand-dark'
            : 'border-transparent text-ink hover:bg-surface',
        )
      }
    />
  );
}
