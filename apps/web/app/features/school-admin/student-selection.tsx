import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Students chosen by id across the pages of a search: one, a page or all at a time. */
export function useStudentSelection() {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  return {
    ids,
    /** Chooses `some`, or lets them go. */
    change: (some: readonly string[], on: boolean) =>
      setIds((current) => {
        const next = new Set(current);
        for (const one of some) {
          if (on) next.add(one);
          else next.delete(one);
        }
        return next;
      }),
    clear: () => setIds(new Set()),
    /** Whether there are `some` and every one is chosen: a page's "select all" is ticked. */
    holdsAll: (some: readonly string[]) => some.length > 0 && some.every((one) => ids.has(one)),
  };
}

export type StudentSelection = ReturnType<typeof useStudentSelection>;

/** Lets every chosen student go; nothing while none is chosen. */
export function ClearSelection({ selection }: { selection: StudentSelection }) {
  const { t } = useTranslation('school-admin');
  if (selection.ids.size === 0) return null;
  return (
    <button type="button" className="btn btn-secondary" onClick={selection.clear}>
      {t('students.clear')}
    </button>
  );
}

/** Under the list: how many are chosen (`said`, read out as it changes), and what they are for. */
export function SelectionSummary({ said, children }: { said: string; children: ReactNode }) {
  return (
    <div className="mt-6 border-t border-line pt-3">
      <p aria-live="polite" className="font-semibold">
        {said}
      </p>
      {children}
    </div>
  );
}
