import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { Alert } from '~/components/alert';
import { Modal } from '~/components/modal';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { PendingButton } from '~/components/pending-button';

/**
 * Asks before a console action that changes something for the public or for a colleague: what
 * it does, a button that does it, and one that does nothing. A refusal is shown in the dialog.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('console');
  const localise = useLocaliseMessage();
  return (
    <Modal
      open={open}
      onOpenChange={(shown) => (shown ? undefined : onCancel())}
      size="help"
      // A title may name an address, one long word on a phone.
      title={<span className="wrap-anywhere">{title}</span>}
      description={description}
    >
      {children}
      {error instanceof ApiError ? <Alert variant="field-error">{localise(error)}</Alert> : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <PendingButton
          type="button"
          className="btn btn-primary"
          pending={pending}
          onClick={onConfirm}
        >
          {confirmLabel}
        </PendingButton>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </button>
      </div>
    </Modal>
  );
}
