import type { ReactNode } from 'react';
import { Alert } from './alert';
import { formStyles } from './form-styles';

/** What a field's control needs to be labelled, described and marked invalid. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

type FormFieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The message shown under the control; the control is marked invalid while there is one. */
  error?: ReactNode;
  /** Announce the error as it appears (forms without an error summary to move focus to). */
  announceError?: boolean;
  /** Ids of further texts that describe the control, such as a live status under it. */
  describedBy?: string;
  className?: string;
  /** The control itself (input, select), given the props that tie it to the label and texts. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * One labelled form field: label, optional hint, the control, and its error, tied together by
 * ids (`<id>-hint`, `<id>-error`) so assistive technology reads them with the control.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  announceError = false,
  describedBy: moreDescriptions,
  className,
  children,
}: FormFieldProps) {
  const invalid = Boolean(error);
  const describedBy = [hint ? `${id}-hint` : null, moreDescriptions, invalid ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className} data-field>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      {hint ? (
        <span id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </span>
      ) : null}
      {children({
        id,
        'aria-invalid': invalid ? true : undefined,
        'aria-describedby': describedBy || undefined,
        className: formStyles.control(invalid),
      })}
      {invalid ? (
        <Alert variant="field-error" id={`${id}-error`} role={announceError ? 'alert' : null}>
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
