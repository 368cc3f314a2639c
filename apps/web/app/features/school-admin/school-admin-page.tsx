import { Fragment, useState, type ReactNode } from 'react';
import { QueryProvider } from '~/api/query-provider';
import { RequireSignIn } from '~/auth/require-sign-in';
import { SchoolAdminGate, type AdminSchool } from '~/auth/school-admin-gate';
import type { AuthModalMode } from '~/components/dialog-store';
import { PageTitle } from '~/components/page-title';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/school-admin.json';
import id from '~/locales/id/school-admin.json';
import { SchoolPicker } from './school-picker';
import { SecondFactorNotice } from './second-factor-notice';

// Every school admin's page is built on this one, so its texts are registered here.
registerNamespace('school-admin', { id, en });

/**
 * A school admin's page: its title, then sign-in, then the gate that only admins pass, then
 * the page's introduction and the school it is about; `children` shows that school's part,
 * started afresh when the admin chooses another.
 */
export function SchoolAdminPage({
  title,
  mode,
  intro,
  children,
}: {
  title: string;
  mode: AuthModalMode;
  intro: ReactNode;
  children: (npsn: string) => ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10">
      <PageTitle title={title} />
      <h1 className="text-3xl font-bold">{title}</h1>
      <RequireSignIn>
        {(user) => (
          <QueryProvider>
            <SchoolAdminGate mode={mode} user={user}>
              {(schools) => (
                <>
                  <SecondFactorNotice user={user} />
                  <ChosenSchool schools={schools} intro={intro}>
                    {children}
                  </ChosenSchool>
                </>
              )}
            </SchoolAdminGate>
          </QueryProvider>
        )}
      </RequireSignIn>
    </div>
  );
}

function ChosenSchool({
  schools,
  intro,
  children,
}: {
  schools: AdminSchool[];
  intro: ReactNode;
  children: (npsn: string) => ReactNode;
}) {
  const [npsn, setNpsn] = useState(schools[0]?.npsn ?? '');
  return (
    <>
      {intro}
      <SchoolPicker schools={schools} npsn={npsn} onChange={setNpsn} />
      <Fragment key={npsn}>{children(npsn)}</Fragment>
    </>
  );
}
