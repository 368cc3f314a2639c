import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { AppLink } from '~/components/app-link';
import { brand } from '~/config';
import { schoolAdminTriggerClass } from '~/layouts/nav-item-styles';

/** The 'Untuk Admin Sekolah' dropdown of the desktop navbar. */
export type SchoolAdminMenuProps = {
  onRequestStudentAccounts: () => void;
  /** Open at once when the visitor clicked before the menu had loaded. */
  defaultOpen?: boolean;
};

export function SchoolAdminMenu({
  onRequestStudentAccounts,
  defaultOpen = false,
}: SchoolAdminMenuProps) {
  const { t } = useTranslation('common');
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={schoolAdminTriggerClass} data-track="navbar-school-admin">
        {t('nav.schoolAdmin')}
        <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-40 min-w-64 rounded-lg border border-line bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item
            className="flex min-h-11 cursor-pointer items-center rounded-md px-3 outline-none data-[highlighted]:bg-brand-soft"
            onSelect={onRequestStudentAccounts}
          >
            {t('nav.requestStudentAccounts')}
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <AppLink
              className="flex min-h-11 items-center rounded-md px-3 outline-none data-[highlighted]:bg-brand-soft"
              to={brand.adminPortalUrl}
            >
              {t('nav.adminPortal')}
            </AppLink>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
