import type { InputHTMLAttributes } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * A one-time code's field in a react-hook-form form: the phone's number pad and its offered
 * codes, and what is typed kept as `normalise` makes it (digits only by default), so a pasted
 * code with spaces or dashes reads as its digits.
 */
export function CodeInput<Values extends FieldValues, Body>({
  control,
  name,
  normalise = (value) => value.replace(/\D/g, ''),
  ...input
}: {
  control: Control<Values, unknown, Body>;
  name: Path<Values>;
  normalise?: (value: string) => string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <input
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          {...input}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(normalise(event.target.value))}
        />
      )}
    />
  );
}
