import { useId, type ReactNode } from 'react';
import { FormField } from './form-field';

/** A range of calendar days as the date fields hold it (`yyyy-mm-dd`, empty when not chosen). */
export type DateRangeValue = { from: string; to: string };

/**
 * The two native date fields of a range, start and end, labelled by the caller so each form
 * keeps its own words. They render as two siblings, so they take their places in the
 * caller's grid beside its other fields.
 */
export function DateRangeFields<Range extends DateRangeValue>({
  value,
  onChange,
  labels,
  errors,
  announceError = false,
}: {
  value: Range;
  onChange: (range: Range) => void;
  labels: { from: ReactNode; to: ReactNode };
  errors?: { from?: ReactNode; to?: ReactNode };
  /** Announce an error as it appears (forms without an error summary to move focus to). */
  announceError?: boolean;
}) {
  const ids = { from: useId(), to: useId() };
  return (
    <>
      {(['from', 'to'] as const).map((field) => (
        <FormField
          key={field}
          id={ids[field]}
          label={labels[field]}
          error={errors?.[field]}
          announceError={announceError}
        >
          {(control) => (
            <input
              {...control}
              type="date"
              value={value[field]}
              onChange={(e) => onChange({ ...value, [field]: e.target.value })}
            />
          )}
        </FormField>
      ))}
    </>
  );
}
