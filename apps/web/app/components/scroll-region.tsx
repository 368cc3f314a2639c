import clsx from 'clsx';
import type { ReactNode } from 'react';

/**
 * A wide table's box that scrolls sideways on a phone: a named, focusable region, so a keyboard
 * can reach and scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={clsx('relative overflow-x-auto', className)}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </div>
  );
}
