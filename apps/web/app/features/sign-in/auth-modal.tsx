import { dataEnvelope } from '@portal/contracts/envelope';
import {
  SCHOOL_ADMINS_PATH,
  SchoolAdminsSchema,
  type SchoolAdmins,
} from '@portal/contracts/profile';
import { useQuery } from '@tanstack/react-query';
import type { User } from 'oidc-client-ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getJson } from '~/api/api-client';
import { QueryProvider } from '~/api/query-provider';
import { signOut } from '~/auth/auth-client';
import { useSession } from '~/auth/use-session';
import type { AuthModalMode } from '~/components/dialog-store';
import { formStyles } from '~/components/form-styles';
import { Modal } from '~/components/modal';
import { brand, webConfig } from '~/config';

type AuthModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: AuthModalMode;
};

const ResponseSchema = dataEnvelope(SchoolAdminsSchema);

/** Where each mode goes once the signed-in account may: the request page or the admin portal. */
const AFTER_SIGN_IN: Record<AuthModalMode, string> = {
  'pengajuan-akun': '/eligible/peserta-didik',
  'portal-admin': '/',
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
  const defaultSubtitle =
    mode === 'pengajuan-akun' ? t('authModal.subtitleRequest') : t('authModal.subtitlePortal');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="auth"
      title={t('authModal.title')}
      description={defaultSubtitle}
    >
      {session.status === 'unchecked' ? (
        <p role="status">{t('authModal.checking')}</p>
      ) : session.status === 'anonymous' ? (
        <SignInPrompt mode={mode} onLeave={() => onOpenChange(false)} />
      ) : (
        <QueryProvider>
          <SignedInState mode={mode} user={session.user} onLeave={() => onOpenChange(false)} />
        </QueryProvider>
      )}
    </Modal>
  );
}

function SignInPrompt({ mode, onLeave }: { mode: AuthModalMode; onLeave: () => void }) {
  const { t } = useTranslation('common');
  return (
    <>
      <p className="mb-4 text-sm">{t('authModal.explanation')}</p>
      <Link
        to={`/auth/login?returnTo=${encodeURIComponent(AFTER_SIGN_IN[mode])}`}
        className="btn btn-primary w-full"
        onClick={onLeave}
        data-track={mode === 'pengajuan-akun' ? 'auth-modal-request' : 'auth-modal-portal'}
      >
        {t('authModal.signIn')}
      </Link>
    </>
  );
}

type Verdict =
  | { kind: 'checking' }
  | { kind: 'notLearningAccount' }
  | { kind: 'notRegistered' }
  | { kind: 'notSchoolAdmin'; schools: SchoolAdmins['schools'] }
  | { kind: 'admin' };

function verdictOf(
  email: string,
  query: { isPending: boolean; isError: boolean; data?: SchoolAdmins },
): Verdict {
  if (!email.endsWith(`@${webConfig.domain}`)) return { kind: 'notLearningAccount' };
  if (query.isPending) return { kind: 'checking' };
  if (query.isError || !query.data) return { kind: 'notRegistered' };
  if (query.data.schools.some((school) => school.isAdmin)) return { kind: 'admin' };
  if (query.data.schools.length === 0) return { kind: 'notRegistered' };
  return { kind: 'notSchoolAdmin', schools: query.data.schools };
}

function SignedInState({
  mode,
  user,
  onLeave,
}: {
  mode: AuthModalMode;
  user: User;
  onLeave: () => void;
}) {
  const { t } = useTranslation('common');
  const emailId = useId();
  const email = String(user.profile.email ?? '');
  const learningAccount = email.endsWith(`@${webConfig.domain}`);
  const query = useQuery({
    queryKey: ['school-admins', user.profile.sub],
    queryFn: ({ signal }) =>
      getJson(SCHOOL_ADMINS_PATH, ResponseSchema, { token: user.access_token, signal }),
    enabled: learningAccount,
    retry: false,
  });
  const verdict = verdictOf(email, { ...query, data: query.data?.data });

  if (verdict.kind === 'checking') return <p role="status">{t('authModal.checkingRights')}</p>;
  if (verdict.kind === 'admin') {
    return mode === 'pengajuan-akun' ? (
      <Link to={AFTER_SIGN_IN[mode]} className="btn btn-primary w-full" onClick={onLeave}>
        {t('authModal.continueRequest')}
      </Link>
    ) : (
      <a href={brand.adminPortalUrl} className="btn btn-primary w-full" rel="noopener">
        {t('authModal.openPortal')}
      </a>
    );
  }

  const notice =
    verdict.kind === 'notLearningAccount'
      ? mode === 'pengajuan-akun'
        ? t('authModal.notLearningAccountRequest')
        : t('authModal.notLearningAccountPortal')
      : verdict.kind === 'notSchoolAdmin'
        ? t('authModal.notSchoolAdmin')
        : t('authModal.notRegistered');
  return (
    <div className="space-y-4">
      <div role="alert" className="rounded-md border-2 border-danger bg-danger/10 p-3">
        <p className="font-bold text-danger">{t('authModal.wrongAccount')}</p>
        <p className="mt-1">{notice}</p>
      </div>
      {verdict.kind === 'notLearningAccount' ? (
        <div>
          <label htmlFor={emailId} className={formStyles.label}>
            {t('authModal.signedInAs')}
          </label>
          <input
            id={emailId}
            type="email"
            readOnly
            value={email}
            className={formStyles.control(false)}
          />
        </div>
      ) : null}
      {verdict.kind === 'notSchoolAdmin' && mode === 'pengajuan-akun' ? (
        <ul className="space-y-2 text-sm">
          {verdict.schools.map((school) => (
            <li key={school.npsn}>
              <span className="font-semibold">{school.name}</span>
              {': '}
              {school.admins.length > 0
                ? t('authModal.adminsAre', {
                    names: school.admins.map((admin) => admin.name).join(', '),
                  })
                : t('authModal.noAdminOnFile')}
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        className="btn btn-secondary w-full"
        onClick={() => void signOut(user.id_token)}
      >
        {t('authModal.switchAccount')}
      </button>
    </div>
  );
}
