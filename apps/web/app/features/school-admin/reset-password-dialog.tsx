import type { SchoolAccountSearchResult } from '@portal/contracts/school-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';
import { useResetStudentPassword } from './api/reset-student-password';

type Account = SchoolAccountSearchResult['items'][number];

/**
 * Confirms a student's password reset, then shows the new initial password once: closing the
 * dialog forgets it (only its hash is kept on the server).
 */
export function ResetPasswordDialog({
  npsn,
  account,
  onClose,
}: {
  npsn: string;
  account: Account | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('school-admin');
  const [copied, setCopied] = useState(false);
  const reset = useResetStudentPassword(npsn);
  const close = () => {
    reset.reset();
    setCopied(false);
    onClose();
  };
  const result = reset.data;
  return (
    <ConfirmDialog
      open={account !== null}
      title={t('reset.title')}
      question={account && t('reset.confirm', { email: account.email })}
      action={t('reset.action')}
      working={t('reset.working')}
      pending={reset.isPending}
      error={reset.error}
      onConfirm={() => {
        if (account) reset.mutate(account.id);
      }}
      onClose={close}
      done={
        result && (
          <>
            <p>{t('reset.done', { email: result.email })}</p>
            <p
              className="mt-2 rounded-md border border-muted bg-surface p-3 text-center font-mono text-2xl tracking-wider"
              data-testid="initial-password"
            >
              {result.initialPassword}
            </p>
            <p className="mt-2 text-sm">{t('reset.once')}</p>
            <div className="mt-4 flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(result.initialPassword)
                    .then(() => setCopied(true))
                    .catch(() => setCopied(false))
                }
              >
                {copied ? t('reset.copied') : t('reset.copy')}
              </button>
              <button type="button" className="btn btn-primary" onClick={close}>
                {t('reset.close')}
              </button>
            </div>
          </>
        )
      }
    />
  );
}
