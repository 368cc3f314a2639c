import type { ReactNode } from 'react';
import { QueryProvider } from '~/api/query-provider';
import { RequireSignIn } from '~/auth/require-sign-in';
import { SchoolAdminGate, type AdminSchool } from '~/auth/school-admin-gate';
import type { AuthModalMode } from '~/components/dialog-store';
import { PageTitle } from '~/components/page-title';
import { SecondFactorNotice } from './second-factor-notice';

/** A school admin's page: its title, then sign-in, then the gate that only admins pass. */
export function SchoolAdminPage({
  title,
  mode,
  children,
}: {
  title: string;
  mode: AuthModalMode;
  children: (schools: AdminSchool[]) => ReactNode;
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
                  {children(schools)}
                </>
              )}
            </SchoolAdminGate>
          </QueryProvider>
        )}
      </RequireSignIn>
    </div>
  );
}
