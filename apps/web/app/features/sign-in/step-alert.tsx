import { useTranslation } from 'react-i18next';
import { formatDuration } from '~/i18n/format-duration';
import { useLocaliseMessage } from '~/i18n/server-messages';
import type { StepProblem } from './use-step-call';
import { Alert } from '~/components/alert';

/** A step's live alert: the server's answer, or how long to wait. Always in the page, so read. */
export function StepAlert({ problem }: { problem: StepProblem | null }) {
  const { t } = useTranslation('sign-in');
  const localise = useLocaliseMessage();
  return (
    <Alert variant="field-error">
      {problem?.kind === 'server' && localise(problem.message)}
      {problem?.kind === 'wait' && t('wait', { duration: formatDuration(problem.seconds, t) })}
    </Alert>
  );
}
