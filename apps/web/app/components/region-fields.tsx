import type { ComponentPropsWithRef } from 'react';
import { FormField } from './form-field';

export type RegionOption = { value: string; label: string };

/** One select of the pair, with the props of whichever form library drives it. */
export type RegionSelect = {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** The first, empty option: "choose", or "loading" while the list is on its way. */
  placeholder: string;
  options: RegionOption[];
  select: Pick<
    ComponentPropsWithRef<'select'>,
    'name' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'disabled'
  >;
};

/**
 * The province select and, for a district or city office, the regency/city select under it:
 * the one way the office forms ask where an office is.
 */
export function RegionFields({ province, city }: { province: RegionSelect; city?: RegionSelect }) {
  return (
    <>
      <RegionSelectField {...province} />
      {city ? <RegionSelectField {...city} /> : null}
    </>
  );
}

function RegionSelectField({ id, label, hint, error, placeholder, options, select }: RegionSelect) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} {...select}>
          <option value="">{placeholder}</option>
          {options.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
