import type { SchoolAdmins } from '@portal/contracts/profile';
import type { SessionUser } from '~/auth/auth-client';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchoolAdmins } from '~/auth/api/get-school-admins';
import { signOut } from '~/auth/auth-client';
import type { AuthModalMode } from '~/components/dialog-store';
import { formStyles } from '~/components/form-styles';
import { webConfig } from '~/config';
import { Alert } from '~/components/alert';

export type AdminSchool = SchoolAdmins['schools'][number];

export type SchoolAdminVerdict =
  | { kind: 'checking' }
  | { kind: 'notLearningAccount' }
  | { kind: 'notRegistered' }
  | { kind: 'notSchoolAdmin'; schools: AdminSchool[] }
  | { kind: 'admin'; schools: AdminSchool[] };

/**
 * Whether the signed-in account may act for a school (SPEC §6): a learning account whose person
 * is a principal or operator of at least one school. The schools it runs come with the verdict.
 */
export function useSchoolAdminVerdict(user: SessionUser): SchoolAdminVerdict {
  const email = String(user.profile.email ?? '');
  const learningAccount = email.endsWith(`@${webConfig.domain}`);
  const query = useSchoolAdmins(user, learningAccount);
  if (!learningAccount) return { kind: 'notLearningAccount' };
  if (query.isPending) return { kind: 'checking' };
  const schools = query.data?.schools;
  if (query.isError || !schools || schools.length === 0) return { kind: 'notRegistered' };
  const administered = schools.filter((school) => school.isAdmin);
  if (administered.length > 0) return { kind: 'admin', schools: administered };
  return { kind: 'notSchoolAdmin', schools };
}

/**
 * The auth modal's notices (SPEC §8): why this account may not go on, whose account it needs,
 * and a way to sign in with another. `title` heads the alert where nothing above it says
 * 'Akun salah' (a page); the auth modal says it once, in its own title.
 */
export function SchoolAdminNotice({
  mode,
  user,
  verdict,
  title,
}: {
  mode: AuthModalMode;
  user: SessionUser;
  verdict: Exclude<SchoolAdminVerdict, { kind: 'checking' } | { kind: 'admin' }>;
  title?: string;
}) {
  const { t } = useTranslation('common');
  const emailId = useId();
  const notice =
    verdict.kind === 'notLearningAccount'
      ? mode === 'pengajuan-akun'
        ? t('authModal.notLearningAccountRequest')
        : t('authModal.notLearningAccountPortal')
      : verdict.kind === 'notSchoolAdmin'
        ? mode === 'pengajuan-akun'
          ? t('authModal.notSchoolAdmin')
          : t('authModal.notSchoolAdminPortal')
        : t('authModal.notRegistered');
  return (
    <div className="space-y-4">
      <Alert variant="error-box" title={title}>
        <p className={title ? 'mt-1' : undefined}>{notice}</p>
      </Alert>
      {verdict.kind === 'notLearningAccount' ? (
        <div>
          <label htmlFor={emailId} className={formStyles.label}>
            {t('authModal.signedInAs')}
          </label>
          <input
            id={emailId}
            type="email"
            readOnly
            value={String(user.profile.email ?? '')}
            className={formStyles.control(false)}
          />
        </div>
      ) : null}
      {verdict.kind === 'notSchoolAdmin' ? (
        <ul className="space-y-2 text-sm">
          {verdict.schools.map((school) => (
            <li key={school.npsn}>
              {/* The school on a line of its own: the admins' line has its own label and colon. */}
              <span className="block font-semibold">{school.name}</span>
              <span className="block">
                {school.admins.length > 0
                  ? t('authModal.adminsAre', {
                      names: school.admins.map((admin) => admin.name).join(', '),
                    })
                  : t('authModal.noAdminOnFile')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="btn btn-secondary w-full" onClick={signOut}>
        {t('authModal.switchAccount')}
      </button>
    </div>
  );
}

/**
 * A page only a school admin may see: anyone else signed in reads the auth modal's notices and
 * never the school's data.
 */
export function SchoolAdminGate({
  mode,
  user,
  children,
}: {
  mode: AuthModalMode;
  user: SessionUser;
  children: (schools: AdminSchool[]) => ReactNode;
}) {
  const { t } = useTranslation('common');
  const verdict = useSchoolAdminVerdict(user);
  if (verdict.kind === 'checking') {
    return (
      <p className="mt-3 text-muted" role="status">
        {t('authModal.checkingRights')}
      </p>
    );
  }
  if (verdict.kind === 'admin') return children(verdict.schools);
  return (
    <div className="mt-6 max-w-md">
      <SchoolAdminNotice
        mode={mode}
        user={user}
        verdict={verdict}
        title={t('authModal.wrongAccount')}
      />
    </div>
  );
}
