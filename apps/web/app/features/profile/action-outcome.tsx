import { useState, type ReactNode } from 'react';
import { ApiError } from '~/api/api-client';
import { Alert } from '~/components/alert';
import { useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';

/** What the page's last action came to: a notice, or a problem (the server's refusal or ours). */
export function useActionOutcome() {
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<ShownMessage | null>(null);
  return {
    notice,
    problem,
    /** A new action starts: the last one's outcome is forgotten. */
    clear: () => {
      setNotice(null);
      setProblem(null);
    },
    succeeded: (text: string) => setNotice(text),
    /** The server's refusal as it came, anything else as `text`. */
    failed: (failure: Error, text: string) =>
      setProblem(failure instanceof ApiError ? failure : text),
  };
}

/**
 * The outcome where the page shows it: the notice read out politely after `children` (what is
 * said while the action works), the problem as an alert.
 */
export function ActionOutcome({
  outcome,
  children,
}: {
  outcome: ReturnType<typeof useActionOutcome>;
  children?: ReactNode;
}) {
  const localise = useLocaliseMessage();
  return (
    <>
      <div aria-live="polite" className="mt-4">
        {children}
        {outcome.notice && (
          <Alert variant="info" role={null}>
            {outcome.notice}
          </Alert>
        )}
      </div>
      {outcome.problem && <Alert variant="error">{localise(outcome.problem)}</Alert>}
    </>
  );
}
