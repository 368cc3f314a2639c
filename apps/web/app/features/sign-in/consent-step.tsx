import type { PlatformScope } from '@portal/contracts/platforms';
import { useTranslation } from 'react-i18next';
import { useAnswerConsent } from './api/answer-consent';
import { StepAlert } from './step-alert';
import { useStepCall } from './use-step-call';

type Props = {
  uid: string;
  platform: string;
  /** Where the platform receives the sign-in (its origin); null when unknown. */
  address: string | null;
  scopes: readonly PlatformScope[];
  onExpired: () => void;
};

/**
 * A platform that is not the ministry's own asks to receive parts of the account (issue 36):
 * what each scope gives is listed; the person allows it (remembered until withdrawn on the
 * profile) or declines, and the platform gets nothing.
 */
export function ConsentStep({ uid, platform, address, scopes, onExpired }: Props) {
  const { t } = useTranslation('sign-in');
  const call = useStepCall(onExpired);
  const answer = useAnswerConsent(uid);
  const decide = (decision: 'allow' | 'deny') =>
    void call.run(
      () => answer.mutateAsync({ decision }),
      (result) => window.location.assign(result.redirectTo),
    );
  // The account's identifier goes with every sign-in: listed first, whatever was asked.
  const shown = ['openid', ...scopes.filter((scope) => scope !== 'openid')];
  return (
    <div className="mt-3 space-y-5" aria-busy={call.busy}>
      {/* The address the person can check against the site they came from. */}
      {address ? (
        <p>
          {t('consent.address', { platform })}{' '}
          <span className="break-all font-semibold">{address}</span>
        </p>
      ) : null}
      <p>{t('consent.intro', { platform })}</p>
      <StepAlert problem={call.general} />
      <ul className="list-disc space-y-2 pl-6">
        {shown.map((scope) => (
          <li key={scope}>{t(`consent.scopes.${scope}`)}</li>
        ))}
      </ul>
      <p className="text-muted">{t('consent.remembered')}</p>
      <div className="space-y-3">
        <button
          type="button"
          className="btn btn-primary w-full"
          disabled={call.busy}
          onClick={() => decide('allow')}
        >
          {t('consent.allow')}
        </button>
        <button
          type="button"
          className="btn btn-secondary w-full"
          disabled={call.busy}
          onClick={() => decide('deny')}
        >
          {t('consent.deny')}
        </button>
      </div>
    </div>
  );
}
