import type { SignInResult, SignInStep } from '@portal/contracts/sign-in';
import { useState } from 'react';
import { ApiError } from '~/api/api-client';
import { useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';

/** What went wrong with a step's call, as the page shows it. */
export type StepProblem =
  | { kind: 'server'; message: ShownMessage }
  | { kind: 'wait'; seconds: number }
  | { kind: 'expired' };

export function problemOf(error: unknown): StepProblem {
  if (!(error instanceof ApiError)) throw error;
  if (error.status === 429 && error.retryAfter !== null)
    return { kind: 'wait', seconds: error.retryAfter };
  // No cookie of this flow, an ended interaction, or a step that is not this one's.
  if (error.status === 401 && error.fieldErrors.length === 0) return { kind: 'expired' };
  return { kind: 'server', message: error };
}

/** Where a step's answer leads: the provider (the sign-in is done), or the next step. */
export function follow(result: SignInResult, onStep: (step: SignInStep) => void): void {
  if ('redirectTo' in result) window.location.assign(result.redirectTo);
  else onStep(result.step);
}

/**
 * One call of a sign-in step at a time: busy while it runs, its problem after: on the field it
 * names when the step shows that field (`fields`), else in the step's alert. An interaction
 * that ended (a 401 naming no field) goes to `onExpired`, which offers to start again.
 */
export function useStepCall(onExpired: () => void, fields: readonly string[] = []) {
  const localise = useLocaliseMessage();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<StepProblem | null>(null);

  async function run<T>(call: () => Promise<T>, then: (value: T) => void): Promise<void> {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      then(await call());
    } catch (error) {
      const found = problemOf(error);
      if (found.kind === 'expired') onExpired();
      else setProblem(found);
    } finally {
      setBusy(false);
    }
  }

  /** The server's message for a field it named, for that field's error line. */
  const fieldError = (field: string): string | undefined =>
    problem?.kind === 'server' &&
    problem.message instanceof ApiError &&
    problem.message.fieldErrors.some((item) => item.field === field)
      ? localise(problem.message)
      : undefined;

  /** A problem none of this step's fields owns: the step's alert. */
  const general =
    problem?.kind === 'server' &&
    problem.message instanceof ApiError &&
    problem.message.fieldErrors.some((item) => fields.includes(item.field))
      ? null
      : problem;

  return { busy, run, fieldError, general, clear: () => setProblem(null) };
}
