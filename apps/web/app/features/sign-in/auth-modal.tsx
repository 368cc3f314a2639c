import { signInPath, type SessionUser } from '~/auth/auth-client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryProvider } from '~/api/query-provider';
import { SchoolAdminNotice, useSchoolAdminVerdict } from '~/auth/school-admin-gate';
import { useSession } from '~/auth/use-session';
import { AppLink, isAppPath } from '~/components/app-link';
import type { AuthModalMode } from '~/components/dialog-store';
import { Modal } from '~/components/modal';
import { brand } from '~/config';
import { useRemoteToggle } from '~/toggles/use-feature';
import { Alert } from '~/components/alert';

type AuthModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: AuthModalMode;
};

/** Where each mode goes once the signed-in account may: the request page or the admin portal. */
const AFTER_SIGN_IN: Record<AuthModalMode, string> = {
  'pengajuan-akun': '/eligible/peserta-didik',
  'portal-admin': brand.adminPortalUrl,
};

/**
 * The auth modal of SPEC §2, §4 and §8: before requesting student accounts (`pengajuan-akun`)
 * or entering the admin portal (`portal-admin`), the visitor signs in with a learning account
 * of a school admin. Signed in, it says why an account may not go on: not a learning account,
 * or not the school's admin (naming who is).
 */
export function AuthModal({ open, onOpenChange, mode }: AuthModalProps) {
  const { t } = useTranslation('common');
  const session = useSession();
  // SPEC §8: the title follows the reason, 'Akun salah' while the account may not go on.
  const [wrongAccount, setWrongAccount] = useState(false);
  const defaultSubtitle =
    mode === 'pengajuan-akun' ? t('authModal.subtitleRequest') : t('authModal.subtitlePortal');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="auth"
      title={wrongAccount ? t('authModal.wrongAccount') : t('authModal.title')}
      description={defaultSubtitle}
    >
      {session.status === 'unchecked' ? (
        <p role="status">{t('authModal.checking')}</p>
      ) : session.status === 'anonymous' ? (
        <SignInPrompt mode={mode} onLeave={() => onOpenChange(false)} />
      ) : (
        <QueryProvider>
          <SignedInState
            mode={mode}
            user={session.user}
            onLeave={() => onOpenChange(false)}
            onWrongAccount={setWrongAccount}
          />
        </QueryProvider>
      )}
    </Modal>
  );
}

function SignInPrompt({ mode, onLeave }: { mode: AuthModalMode; onLeave: () => void }) {
  const { t } = useTranslation('common');
  const loginOn = useRemoteToggle('LOGIN');
  if (!loginOn) {
    return <Alert variant="warning">{t('authModal.loginOff')}</Alert>;
  }
  return (
    <>
      <p className="mb-2 text-sm">{t('authModal.explanation')}</p>
      <p className="mb-4 text-sm">{t('authModal.secondFactor')}</p>
      <Link
        to={signInPath({
          returnTo: isAppPath(AFTER_SIGN_IN[mode]) ? AFTER_SIGN_IN[mode] : '/',
        })}
        // The server answers `/auth/login`: a document load, not a route of this app.
        reloadDocument
        className="btn btn-primary w-full"
        onClick={onLeave}
        data-track={mode === 'pengajuan-akun' ? 'auth-modal-request' : 'auth-modal-portal'}
      >
        {t('authModal.signIn')}
      </Link>
    </>
  );
}

function SignedInState({
  mode,
  user,
  onLeave,
  onWrongAccount,
}: {
  mode: AuthModalMode;
  user: SessionUser;
  onLeave: () => void;
  onWrongAccount: (wrong: boolean) => void;
}) {
  const { t } = useTranslation('common');
  const verdict = useSchoolAdminVerdict(user);
  const wrong = verdict.kind !== 'checking' && verdict.kind !== 'admin';
  useEffect(() => {
    onWrongAccount(wrong);
    return () => onWrongAccount(false);
  }, [wrong, onWrongAccount]);
  if (verdict.kind === 'checking') return <p role="status">{t('authModal.checkingRights')}</p>;
  if (verdict.kind === 'admin') {
    return (
      <>
        <p className="mb-4 text-sm">{t('authModal.secondFactor')}</p>
        <AppLink to={AFTER_SIGN_IN[mode]} className="btn btn-primary w-full" onClick={onLeave}>
          {mode === 'pengajuan-akun' ? t('authModal.continueRequest') : t('authModal.openPortal')}
        </AppLink>
      </>
    );
  }
  return <SchoolAdminNotice mode={mode} user={user} verdict={verdict} />;
}
