import { STAFF_ROLE_NAMES, STAFF_ROLES, type StaffRole } from '@portal/contracts/staff';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '~/components/form-styles';

/** The roles to grant, each with the sections it opens: a checkbox per role, in the table's order. */
export function RoleCheckboxes({
  legend,
  hint,
  value,
  onChange,
}: {
  legend: string;
  hint?: string;
  value: readonly StaffRole[];
  onChange: (roles: StaffRole[]) => void;
}) {
  const { t } = useTranslation('console');
  const hintId = useId();
  const toggle = (role: StaffRole, checked: boolean) =>
    onChange(STAFF_ROLE_NAMES.filter((name) => (name === role ? checked : value.includes(name))));
  return (
    <fieldset aria-describedby={hint ? hintId : undefined}>
      <legend className={formStyles.label}>{legend}</legend>
      {hint ? (
        <span id={hintId} className={formStyles.hint}>
          {hint}
        </span>
      ) : null}
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {STAFF_ROLE_NAMES.map((role) => (
          <li key={role}>
            <label className="flex min-h-11 items-start gap-3 rounded-md border border-line p-2">
              <input
                type="checkbox"
                className="mt-1 size-5 shrink-0"
                checked={value.includes(role)}
                onChange={(event) => toggle(role, event.target.checked)}
              />
              <span>
                <span className="block font-semibold">{t(`roles.${role}`)}</span>
                <span className="block text-sm text-muted">
                  {t('staff.opens', {
                    sections: STAFF_ROLES[role]
                      .map((section) => t(`sections.${section}`))
                      .join(', '),
                  })}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
