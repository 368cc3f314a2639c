import type { SchoolAccountSearchResult, StudentRequest } from '@portal/contracts/school-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { track } from '~/tracking/tracker';
import { Pager } from '~/components/pager';
import { saveFile } from '~/components/save-file';
import { ErrorAlert } from './error-alert';
import { SchoolAdminPage } from './school-admin-page';
import { RequestProgress } from './request-progress';
import { ResetPasswordDialog } from './reset-password-dialog';
import { SearchBox } from './search-box';
import { useStudentRequests } from './api/get-student-requests';
import { useDownloadStudentAccounts } from './api/download-student-accounts';
import { useSchoolAccounts } from './api/search-school-accounts';
import { PendingButton } from '~/components/pending-button';

/**
 * `/admin`: the school admin portal in this app. The school's requests with their
 * progress and the one-time download of the accounts and initial passwords; the school's
 * student accounts, searchable, each with a password reset.
 */
export function AdminPortalPage() {
  const { t } = useTranslation('school-admin');
  return (
    <SchoolAdminPage
      title={t('portalTitle')}
      mode="portal-admin"
      intro={<p className="mt-3 max-w-2xl">{t('portalIntro')}</p>}
    >
      {(npsn) => (
        <>
          <Requests npsn={npsn} />
          <BadgesLink />
          <Accounts npsn={npsn} />
        </>
      )}
    </SchoolAdminPage>
  );
}

/** The way to the printed sign-in badges, a page of its own beside the portal. */
function BadgesLink() {
  const { t } = useTranslation('school-admin');
  return (
    <section aria-labelledby="badges-link-title" className="mt-10">
      <h2 id="badges-link-title" className="text-xl font-bold">
        {t('badges.portalLink.title')}
      </h2>
      <p className="mt-2 max-w-2xl">{t('badges.portalLink.intro')}</p>
      <Link to="/admin/kartu-masuk" className="btn btn-secondary mt-3">
        {t('badges.portalLink.link')}
      </Link>
    </section>
  );
}

function Requests({ npsn }: { npsn: string }) {
  const { t, i18n } = useTranslation('school-admin');
  const requests = useStudentRequests(npsn);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(Date.parse(iso));
  return (
    <section aria-labelledby="requests-title" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="requests-title" className="text-xl font-bold">
          {t('requests.title')}
        </h2>
        <Link to="/eligible/peserta-didik" className="btn btn-secondary">
          {t('requests.new')}
        </Link>
      </div>
      {requests.isPending && (
        <p role="status" className="mt-3 text-muted">
          {t('loading')}
        </p>
      )}
      <ErrorAlert error={requests.error} />
      <details className="mt-3 max-w-2xl rounded-md border border-line p-3">
        <summary className="min-h-11 cursor-pointer font-semibold">
          {t('requests.spreadsheet.summary')}
        </summary>
        <p className="mt-2">{t('requests.spreadsheet.intro')}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t('requests.spreadsheet.excel')}</li>
          <li>{t('requests.spreadsheet.libreoffice')}</li>
          <li>{t('requests.spreadsheet.sheets')}</li>
        </ul>
        <p className="mt-2 text-sm text-muted">{t('requests.spreadsheet.apostrophe')}</p>
      </details>
      {requests.data?.length === 0 && <p className="mt-3">{t('requests.none')}</p>}
      <ul className="mt-3 space-y-3">
        {requests.data?.map((request) => (
          <li key={request.id} className="rounded-lg border border-line p-4">
            <h3 className="font-bold">
              {t('progress.title', { id: request.id })} ·{' '}
              {request.status === 'completed' ? t('requests.completed') : t('requests.processing')}
            </h3>
            <p className="text-sm text-muted">
              {t('requests.when', { when: when(request.createdAt) })}
            </p>
            <RequestProgress request={request} />
            {request.status === 'completed' && request.created > 0 && (
              <Download npsn={npsn} request={request} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Download({ npsn, request }: { npsn: string; request: StudentRequest }) {
  const { t } = useTranslation('school-admin');
  const download = useDownloadStudentAccounts(npsn, request.id);
  const save = () =>
    download.mutate(undefined, {
      onSuccess: ({ blob, fileName }) => {
        saveFile(blob, fileName ?? `akun-peserta-didik-${request.id}.csv`);
        track('FILE_DOWNLOADED', [{ key: 'file', value: 'student-accounts-csv' }]);
      },
    });
  return (
    <div className="mt-3">
      <p className="text-sm">
        {request.passwordsAvailable ? t('requests.passwordsOnce') : t('requests.downloadedOnce')}
      </p>
      <PendingButton
        type="button"
        className={request.passwordsAvailable ? 'btn btn-primary mt-2' : 'btn btn-secondary mt-2'}
        pending={download.isPending}
        onClick={save}
      >
        {request.passwordsAvailable
          ? t('requests.downloadWithPasswords')
          : t('requests.downloadList')}
      </PendingButton>
      <p aria-live="polite" className="mt-1 text-sm">
        {download.isSuccess && t('requests.downloaded')}
      </p>
      <ErrorAlert error={download.error} />
    </div>
  );
}

type Account = SchoolAccountSearchResult['items'][number];

function Accounts({ npsn }: { npsn: string }) {
  const { t } = useTranslation('school-admin');
  const [search, setSearch] = useState({ query: '', page: 1 });
  const [resetting, setResetting] = useState<Account | null>(null);
  const accounts = useSchoolAccounts(npsn, search);
  const page = accounts.data;
  return (
    <section aria-labelledby="accounts-title" className="mt-10">
      <h2 id="accounts-title" className="text-xl font-bold">
        {t('accounts.title')}
      </h2>
      <SearchBox onSearch={(query) => setSearch({ query, page: 1 })} />
      <ErrorAlert error={accounts.error} />
      {page && (
        <>
          <p className="mt-4" aria-live="polite">
            {page.total === 0 ? t('accounts.none') : t('accounts.total', { count: page.total })}
          </p>
          {page.items.length > 0 && (
            <ul className="mt-3 divide-y divide-line border-y border-line">
              {page.items.map((account) => (
                <li
                  key={account.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-3"
                >
                  <div className="min-w-0">
                    <span className="block font-semibold break-words">{account.name}</span>
                    <span className="block text-sm break-all">{account.email}</span>
                    <span className="text-sm text-muted">
                      {account.nisn
                        ? t('students.nisn', { nisn: account.nisn })
                        : t('students.noNisnShort')}
                      {account.mustChangePassword && ` · ${t('accounts.mustChange')}`}
                    </span>
                  </div>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    aria-label={t('accounts.resetFor', { name: account.name })}
                    onClick={() => setResetting(account)}
                  >
                    {t('accounts.reset')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={page.page}
            total={page.total}
            pageSize={page.pageSize}
            onPage={(next) => setSearch({ ...search, page: next })}
          />
        </>
      )}
      <ResetPasswordDialog
        npsn={npsn}
        account={resetting}
        onClose={() => {
          setResetting(null);
          void accounts.refetch();
        }}
      />
    </section>
  );
}
