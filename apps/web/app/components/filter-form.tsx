import clsx from 'clsx';
import { useState, type FormEvent, type ReactNode } from 'react';

/**
 * A list's filter that applies on its button: the fields change a draft, the button hands it
 * over. The page keys it by the applied filter (its address, say), so a new one starts afresh.
 * Plain state, not react-hook-form: a filter has no rule per field (features/README.md).
 */
export function FilterForm<Filter>({
  value,
  onApply,
  label,
  applyText,
  applyClassName,
  children,
}: {
  value: Filter;
  onApply: (filter: Filter) => void;
  /** The form's accessible name. */
  label: string;
  applyText: string;
  applyClassName?: string;
  children: (draft: Filter, setDraft: (draft: Filter) => void) => ReactNode;
}) {
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form
      onSubmit={submit}
      aria-label={label}
      className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
    >
      {children(draft, setDraft)}
      <button type="submit" className={clsx('btn btn-primary', applyClassName)}>
        {applyText}
      </button>
    </form>
  );
}
