import { useEffect, useRef } from 'react';
import type { MouseEvent } from 'react';

/** One wrong field: the link names it (`label`), so identical messages stay distinguishable. */
export type ErrorSummaryItem = { fieldId: string; label: string; message: string };

type ErrorSummaryProps = {
  title: string;
  items: ErrorSummaryItem[];
  /** Changes on every failed submission, so focus moves to the summary each time. */
  attempt: number;
};

/**
 * The GOV.UK error summary: shown above a form after a failed submission, focused so screen
 * readers read it, each item a link that moves focus to its field.
 */
export function ErrorSummary({ title, items, attempt }: ErrorSummaryProps) {
  const box = useRef<HTMLDivElement>(null);
  const visible = items.length > 0;
  useEffect(() => {
    if (visible && attempt > 0) box.current?.focus();
  }, [attempt, visible]);
  if (!visible) return null;

  const goTo = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    // Focusing alone could leave the label above the fold; show the question, then focus.
    (field.closest('fieldset, [data-field]') ?? field).scrollIntoView({ block: 'start' });
    field.focus({ preventScroll: true });
  };

  return (
    <div
      ref={box}
      id="error-summary"
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      className="mb-6 rounded-md border-4 border-danger bg-white p-4 focus:outline-none focus-visible:outline-3 focus-visible:outline-brand"
    >
      <h2 id="error-summary-title" className="text-lg font-bold">
        {title}
      </h2>
      <ul className="mt-2 space-y-1">
        {items.map((item) => (
          <li key={item.fieldId}>
            <a
              href={`#${item.fieldId}`}
              className="inline-flex min-h-6 items-center font-semibold text-danger underline underline-offset-2"
              onClick={(event) => goTo(event, item.fieldId)}
            >
              {`${item.label}: ${item.message}`}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
