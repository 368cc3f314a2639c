import type { Control } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formStyles } from '~/components/form-styles';
import { RegionFields } from '~/components/region-fields';
import { useRegions } from '~/api/regions';
import { FIELD_IDS } from './lookup-form-values';
import type { LookupFormValues } from './lookup-form-values';
import { Alert } from '~/components/alert';

const OFFICE_TYPES = ['provinsi', 'kota_kabupaten'] as const;

/** Office type, province and (for a district or city office) the regency or city. */
export function OfficeFields({
  control,
  errorOf,
}: {
  control: Control<LookupFormValues, unknown, unknown>;
  errorOf: (field: keyof LookupFormValues) => string | undefined;
}) {
  const { t } = useTranslation('account-lookup');
  const regions = useRegions();
  const officeType = useController({ control, name: 'officeType' });
  const province = useController({ control, name: 'province' });
  const regency = useController({ control, name: 'regency' });
  const regencies =
    regions.data?.provinces.find((item) => item.code === province.field.value)?.regencies ?? [];
  const typeError = errorOf('officeType');
  const provinceError = errorOf('province');
  const regencyError = errorOf('regency');

  return (
    <div className="space-y-6">
      <fieldset
        data-field
        aria-describedby={typeError ? 'lookup-officeType-error' : undefined}
        onBlur={officeType.field.onBlur}
      >
        <legend className={formStyles.label}>{t('form.officeType')}</legend>
        <div className="mt-1 space-y-1">
          {OFFICE_TYPES.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                id={`lookup-officeType-${value}`}
                type="radio"
                name="officeType"
                value={value}
                checked={officeType.field.value === value}
                onChange={() => officeType.field.onChange(value)}
                aria-invalid={typeError ? true : undefined}
                ref={value === 'provinsi' ? officeType.field.ref : undefined}
                className="size-5 accent-brand"
              />
              {t(`form.${value}`)}
            </label>
          ))}
        </div>
        {typeError ? (
          <p id="lookup-officeType-error" className={formStyles.error}>
            {typeError}
          </p>
        ) : null}
      </fieldset>

      {regions.isError ? <Alert variant="error">{t('form.regionsFailed')}</Alert> : null}

      <RegionFields
        province={{
          id: FIELD_IDS.province,
          label: t('form.province'),
          hint: regions.isPending ? t('form.regionsLoading') : undefined,
          error: provinceError,
          placeholder: t('form.choose'),
          options: (regions.data?.provinces ?? []).map((item) => ({
            value: item.code,
            label: item.name,
          })),
          select: {
            ref: province.field.ref,
            value: province.field.value,
            onChange: (event) => {
              province.field.onChange(event.target.value);
              regency.field.onChange('');
            },
            onBlur: province.field.onBlur,
          },
        }}
        city={
          officeType.field.value === 'kota_kabupaten'
            ? {
                id: FIELD_IDS.regency,
                label: t('form.regency'),
                error: regencyError,
                placeholder: t('form.choose'),
                options: regencies.map((item) => ({ value: item.code, label: item.name })),
                select: {
                  ref: regency.field.ref,
                  value: regency.field.value,
                  onChange: (event) => regency.field.onChange(event.target.value),
                  onBlur: regency.field.onBlur,
                  disabled: regencies.length === 0,
                },
              }
            : undefined
        }
      />
    </div>
  );
}
