import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSchool } from '~/auth/school-admin-gate';
import { FormField } from '~/components/form-field';

/** An admin of several schools chooses one; an admin of one school just sees its name. */
export function SchoolPicker({
  schools,
  npsn,
  onChange,
}: {
  schools: AdminSchool[];
  npsn: string;
  onChange: (npsn: string) => void;
}) {
  const { t } = useTranslation('school-admin');
  const id = useId();
  if (schools.length === 1) {
    return (
      <p className="mt-4 font-semibold">
        {schools[0]?.name} <span className="font-normal text-muted">(NPSN {schools[0]?.npsn})</span>
      </p>
    );
  }
  return (
    <FormField id={id} label={t('school')} className="mt-4 max-w-md">
      {(control) => (
        <select {...control} value={npsn} onChange={(event) => onChange(event.target.value)}>
          {schools.map((school) => (
            <option key={school.npsn} value={school.npsn}>
              {school.name} (NPSN {school.npsn})
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
