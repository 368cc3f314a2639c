import { useState } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchoolAdminMenuProps } from '~/layouts/school-admin-menu';
import { schoolAdminTriggerClass } from '~/layouts/nav-item-styles';

/**
 * The 'Untuk Admin Sekolah' button. The Radix menu (with its positioning engine) loads when the
 * visitor points at or focuses the button, so it stays out of the first page's JavaScript; a
 * press or click that comes before it has loaded opens the menu as soon as it is there.
 */
export function SchoolAdminDropdown({
  onRequestStudentAccounts,
}: {
  onRequestStudentAccounts: () => void;
}) {
  const { t } = useTranslation('common');
  const [Menu, setMenu] = useState<ComponentType<SchoolAdminMenuProps> | null>(null);
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);

  const load = () => {
    void import('~/layouts/school-admin-menu').then((module) =>
      setMenu(() => module.SchoolAdminMenu),
    );
  };

  if (Menu) {
    return (
      <Menu defaultOpen={openWhenLoaded} onRequestStudentAccounts={onRequestStudentAccounts} />
    );
  }
  return (
    <button
      type="button"
      className={schoolAdminTriggerClass}
      aria-haspopup="menu"
      aria-expanded={openWhenLoaded}
      onPointerEnter={load}
      onFocus={load}
      // The Radix trigger opens on pointerdown: when the menu arrives between the press and
      // the click (the pointer's hover started loading it), the click reaches the new trigger,
      // which ignores clicks. Asking on the press as well opens it in that case too.
      onPointerDown={() => setOpenWhenLoaded(true)}
      onClick={() => {
        setOpenWhenLoaded(true);
        load();
      }}
      data-track="navbar-school-admin"
    >
      {t('nav.schoolAdmin')}
      <span aria-hidden="true">▾</span>
    </button>
  );
}
