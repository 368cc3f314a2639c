import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '~/components/modal';
import type { AuthModalMode } from '~/components/dialog-store';

type AuthModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: AuthModalMode;
};

/** Sign-in prompt before requesting student accounts or entering the admin portal (SPEC §2). */
export function AuthModal({ open, onOpenChange, mode }: AuthModalProps) {
  const { t } = useTranslation('common');
  const subtitle =
    mode === 'pengajuan-akun' ? t('authModal.subtitleRequest') : t('authModal.subtitlePortal');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="auth"
      title={t('authModal.title')}
      description={subtitle}
    >
      <p className="mb-4 text-sm">{t('authModal.explanation')}</p>
      <Link
        to="/auth/login"
        className="btn btn-primary w-full"
        onClick={() => onOpenChange(false)}
        data-track={mode === 'pengajuan-akun' ? 'auth-modal-request' : 'auth-modal-portal'}
      >
        {t('authModal.signIn')}
      </Link>
    </Modal>
  );
}
