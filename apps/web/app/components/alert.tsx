import type { ReactNode, Ref } from 'react';
import { formStyles } from './form-styles';

/**
 * - `error`: a failure in a line of text, under the part of the page it is about.
 * - `field-error`: the same, small, under a control or a widget of a form.
 * - `error-box`: a failure that stops the whole form or page, boxed.
 * - `warning`: something is switched off or needs care, boxed in the accent colour.
 * - `info`: a neutral notice, such as a closed service, boxed on the surface colour.
 */
export type AlertVariant = 'error' | 'field-error' | 'error-box' | 'warning' | 'info';

const LOOKS: Record<AlertVariant, string> = {
  error: 'font-semibold text-danger',
  'field-error': formStyles.error,
  'error-box': 'rounded-md border-2 border-danger bg-danger/10 p-4',
  warning: 'rounded-md border-2 border-accent bg-accent/10 p-3',
  info: 'rounded-md border border-line bg-surface p-3',
};

type AlertProps = {
  variant: AlertVariant;
  /**
   * `alert` interrupts a screen reader, `status` waits its turn. Defaults: errors are alerts,
   * warnings and notices are statuses; an element keeps the role it has always had. `null`: no
   * live role, for a field's error that something else announces (the form's error summary).
   */
  role?: 'alert' | 'status' | null;
  /** A heading line in the danger colour, with plain text under it (`error-box` only). */
  title?: ReactNode;
  /** Layout only (margins, focus outline): the look belongs to the variant. */
  className?: string;
  id?: string;
  tabIndex?: number;
  ref?: Ref<HTMLDivElement>;
  children?: ReactNode;
};

/** The one way to show a failure or a notice. Live regions stay mounted with empty text. */
export function Alert({ variant, role, title, className, children, ...element }: AlertProps) {
  const emphasised = variant === 'error-box' && !title ? 'font-semibold text-danger' : '';
  const look = [LOOKS[variant], emphasised, className].filter(Boolean).join(' ');
  return (
    <div
      role={
        role === null
          ? undefined
          : (role ?? (variant === 'warning' || variant === 'info' ? 'status' : 'alert'))
      }
      className={look}
      {...element}
    >
      {title ? <p className="font-semibold text-danger">{title}</p> : null}
      {children}
    </div>
  );
}
