import clsx from 'clsx';

/** Shared form classes: borders use the muted ink for the 3:1 non-text contrast of WCAG 1.4.11. */
export const formStyles = {
  label: 'block font-semibold',
  hint: 'block text-sm text-muted',
  error: 'mt-1 text-sm font-semibold text-danger',
  control: (invalid?: boolean) =>
    clsx(
      'mt-1 block min-h-11 w-full min-w-0 rounded-md border bg-white px-3 py-2 text-base text-ink disabled:bg-surface disabled:text-muted',
      invalid ? 'border-2 border-danger' : 'border-muted',
    ),
} as const;
