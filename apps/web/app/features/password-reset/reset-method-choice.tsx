import { OTP_TOAST_MS } from '@portal/contracts/business-constants';
import type { ResetMethod } from '@portal/contracts/password-reset';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '~/api/api-client';
import { useDialogs } from '~/components/dialog-store';
import { formStyles } from '~/components/form-styles';
import { useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';
import { useToast } from '~/components/toast';
import { useRemoteToggle } from '~/toggles/use-feature';
import { track } from '~/tracking/tracker';
import { useSendResetCode } from './api/send-reset-code';
import { RESET_NS } from './password-reset-texts';
import { RESET_OTP_PATH } from './reset-paths';
import { readResetFlow, resetSessionFrom, saveResetSession } from './reset-flow-storage';
import type { ResetAccount } from './reset-flow-storage';
import { Alert } from '~/components/alert';
import { PendingButton } from '~/components/pending-button';

/** Where the one-time code goes (SPEC §4, §5), for the account the lookup just found. */
export function ResetMethodChoice() {
  const { t } = useTranslation(RESET_NS);
  // Read once: the lookup stored it just before this step.
  const [account] = useState<ResetAccount | null>(() => readResetFlow().account);
  const localise = useLocaliseMessage();
  const phoneOn = useRemoteToggle('REQUEST_PASSWORD_BY_PHONE');
  const dialogs = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();
  const send = useSendResetCode();
  const [error, setError] = useState<ShownMessage | null>(null);
  const [pending, setPending] = useState<ResetMethod | null>(null);

  const choose = (method: ResetMethod) => {
    if (!account) return;
    setError(null);
    setPending(method);
    send.mutate(
      { token: account.token, method },
      {
        onSuccess: (sent) => {
          saveResetSession(resetSessionFrom(sent));
          track('PASSWORD_RESET_LINK_SENT', [{ key: 'method', value: method }]);
          // Closed through the store, not onOpenChange: that path forgets the session just made.
          dialogs.close('reset');
          // About the code page only: stale, and in the way, on the new-password step.
          toast.show(t('method.sent'), {
            tone: 'success',
            durationMs: OTP_TOAST_MS,
            page: RESET_OTP_PATH,
          });
          void navigate(RESET_OTP_PATH);
        },
        onError: (failure) => {
          setError(failure instanceof ApiError ? failure : t('generic'));
        },
        onSettled: () => setPending(null),
      },
    );
  };

  // No account, a wrong birth date and an account without contacts answer alike (no account
  // enumeration): the words must be true in all three.
  const noContact = !account?.emailEligible && !account?.phoneEligible;

  return (
    <div className="space-y-5">
      {noContact ? (
        <p id="reset-method-check" className="rounded-md bg-surface p-3">
          {t('method.checkData')}
        </p>
      ) : null}
      <Contact
        label={t('method.emailLabel')}
        value={account?.email ?? null}
        eligible={Boolean(account?.emailEligible)}
        notEligible={noContact ? t('method.noContact') : t('method.emailNotEligible')}
        action={pending === 'email' ? t('method.sending') : t('method.sendEmail')}
        busy={pending !== null}
        onSend={() => choose('email')}
      />
      {phoneOn ? (
        <Contact
          label={t('method.phoneLabel')}
          value={account?.phone ?? null}
          eligible={Boolean(account?.phoneEligible)}
          notEligible={noContact ? t('method.noContact') : t('method.phoneNotEligible')}
          action={pending === 'phone' ? t('method.sending') : t('method.sendPhone')}
          busy={pending !== null}
          onSend={() => choose('phone')}
        />
      ) : null}
      <Alert variant="field-error">{localise(error)}</Alert>
    </div>
  );
}

function Contact({
  label,
  value,
  eligible,
  notEligible,
  action,
  busy,
  onSend,
}: {
  label: string;
  value: string | null;
  eligible: boolean;
  notEligible: string;
  action: string;
  busy: boolean;
  onSend: () => void;
}) {
  const { t } = useTranslation(RESET_NS);
  const fieldId = useId();
  const noteId = useId();
  return (
    <div>
      <label htmlFor={fieldId} className={formStyles.label}>
        {label}
      </label>
      {/* SPEC §5: read-only always; also disabled while this contact cannot receive a code. */}
      <input
        id={fieldId}
        type="text"
        readOnly
        disabled={!eligible}
        value={eligible && value ? value : t('method.notRegistered')}
        aria-describedby={eligible ? undefined : noteId}
        className={formStyles.control(false)}
      />
      {eligible ? null : (
        <p id={noteId} className="mt-1 text-sm font-semibold text-danger">
          {notEligible}
        </p>
      )}
      <PendingButton
        type="button"
        className="btn btn-primary mt-2 w-full"
        disabled={!eligible}
        pending={busy}
        aria-describedby={eligible ? undefined : noteId}
        onClick={onSend}
      >
        {action}
      </PendingButton>
    </div>
  );
}
