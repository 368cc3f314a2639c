import { useId } from 'react';
import { FormField } from './form-field';

/** A list filter's choice: one of `options`, or any (the empty value, `anyText`). */
export function FilterSelect({
  label,
  value,
  onChange,
  anyText,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  anyText: string;
  options: readonly { value: string; text: string }[];
}) {
  const id = useId();
  return (
    <FormField id={id} label={label}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{anyText}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
