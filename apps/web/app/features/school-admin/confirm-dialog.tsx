import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '~/components/modal';
import { ErrorAlert } from './error-alert';
import { PendingButton } from '~/components/pending-button';

/**
 * Asks before a change to students' sign-ins: the question, the server's refusal, the action
 * (saying it works while it does) and a way out. `done`, once given, takes the question's place
 * and focus moves to the title.
 */
export function ConfirmDialog({
  open,
  title,
  question,
  action,
  working,
  pending,
  error,
  onConfirm,
  onClose,
  done,
}: {
  open: boolean;
  title: string;
  question: ReactNode;
  action: string;
  working: string;
  pending: boolean;
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
  done?: ReactNode;
}) {
  const { t } = useTranslation('school-admin');
  return (
    <Modal
      open={open}
      onOpenChange={(shown) => {
        if (!shown) onClose();
      }}
      size="auth"
      title={title}
      step={done ? 'done' : 'confirm'}
    >
      {done ?? (
        <>
          <p>{question}</p>
          <ErrorAlert error={error} />
          <div className="mt-4 flex flex-wrap gap-2">
            <PendingButton
              type="button"
              className="btn btn-primary"
              pending={pending}
              onClick={onConfirm}
            >
              {pending ? working : action}
            </PendingButton>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {t('reset.cancel')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
