import type { StudentSearchResult } from '@portal/contracts/school-admin';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '~/components/app-link';
import { brand, webConfig } from '~/config';
import { useRemoteToggle } from '~/toggles/use-feature';
import { track } from '~/tracking/tracker';
import { Pager } from '~/components/pager';
import { ErrorAlert } from './error-alert';
import { SchoolAdminPage } from './school-admin-page';
import { RequestProgress } from './request-progress';
import { SearchBox } from './search-box';
import { ClearSelection, SelectionSummary, useStudentSelection } from './student-selection';
import { Alert } from '~/components/alert';
import { useEligibleStudentIds, useStudentSearch } from './api/search-students';
import { useSubmitStudentRequest } from './api/submit-student-request';
import { useStudentRequest } from './api/get-student-request';
import { PendingButton } from '~/components/pending-button';

/**
 * `/eligible/peserta-didik` (SPEC §2, §6): a school admin selects the school's students
 * without an account and requests them in one go, then watches the accounts being made.
 */
export function StudentRequestPage() {
  const { t } = useTranslation('school-admin');
  return (
    <SchoolAdminPage
      title={t('requestTitle')}
      mode="pengajuan-akun"
      intro={<p className="mt-3 max-w-2xl">{t('requestIntro', { domain: webConfig.domain })}</p>}
    >
      {(npsn) => <StudentRequest npsn={npsn} />}
    </SchoolAdminPage>
  );
}

function StudentRequest({ npsn }: { npsn: string }) {
  const { t } = useTranslation('school-admin');
  const [submittedId, setSubmittedId] = useState<string | null>(null);
  const creationOpen = useRemoteToggle('ACCOUNT_CREATION');
  return !creationOpen ? (
    <Alert variant="info" className="mt-6">
      {t('closed')}
    </Alert>
  ) : submittedId ? (
    <SubmittedRequest npsn={npsn} id={submittedId} onAnother={() => setSubmittedId(null)} />
  ) : (
    <StudentSelection npsn={npsn} onSubmitted={setSubmittedId} />
  );
}

function StudentSelection({
  npsn,
  onSubmitted,
}: {
  npsn: string;
  onSubmitted: (id: string) => void;
}) {
  const { t } = useTranslation('school-admin');
  const [search, setSearch] = useState({ query: '', page: 1 });
  const selection = useStudentSelection();
  const students = useStudentSearch(npsn, search);
  const selectAll = useEligibleStudentIds(npsn);
  const submit = useSubmitStudentRequest(npsn);
  const submitSelected = () =>
    submit.mutate([...selection.ids], {
      onSuccess: (request) => {
        track('PD_ACCOUNT_REQUEST_INITIATED', [{ key: 'students', value: String(request.total) }]);
        onSubmitted(request.id);
      },
    });
  const page = students.data;
  const requestable = page?.items.filter((item) => item.reason === null).map((i) => i.id) ?? [];
  const error = submit.error ?? selectAll.error;

  return (
    <section aria-labelledby="students-title" className="mt-6">
      <h2 id="students-title" className="text-xl font-bold">
        {t('students.caption')}
      </h2>
      <SearchBox onSearch={(query) => setSearch({ query, page: 1 })} />
      {students.isPending && (
        <p role="status" className="mt-4 text-muted">
          {t('loading')}
        </p>
      )}
      {students.isError && (
        <div className="mt-4">
          <ErrorAlert error={students.error} />
          <button
            type="button"
            className="btn btn-secondary mt-2"
            onClick={() => void students.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      )}
      {page && (
        <>
          <p className="mt-4" aria-live="polite">
            {page.total === 0
              ? search.query
                ? t('students.noMatch')
                : t('students.none')
              : t('students.total', { count: page.total })}
          </p>
          {page.items.length > 0 && (
            <>
              <div className="mt-3 flex flex-wrap gap-2">
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={selection.holdsAll(requestable)}
                    disabled={requestable.length === 0}
                    onChange={(event) => selection.change(requestable, event.target.checked)}
                  />
                  {t('students.selectPage')}
                </label>
                <PendingButton
                  type="button"
                  className="btn btn-secondary"
                  onClick={() =>
                    selectAll.mutate(search, {
                      onSuccess: (ids) => selection.change(ids, true),
                    })
                  }
                  pending={selectAll.isPending}
                >
                  {t('students.selectAll')}
                </PendingButton>
                <ClearSelection selection={selection} />
              </div>
              <StudentTable page={page} selected={selection.ids} onToggle={selection.change} />
              <p className="mt-2 text-sm text-muted">{t('reasonHelp')}</p>
              <Pager
                page={page.page}
                total={page.total}
                pageSize={page.pageSize}
                onPage={(next) => setSearch({ ...search, page: next })}
              />
            </>
          )}
        </>
      )}
      <SelectionSummary said={t('students.selected', { count: selection.ids.size })}>
        <ErrorAlert error={error} />
        <PendingButton
          type="button"
          className="btn btn-primary mt-2"
          disabled={selection.ids.size === 0}
          pending={submit.isPending}
          onClick={submitSelected}
        >
          {submit.isPending ? t('submitting') : t('submit', { count: selection.ids.size })}
        </PendingButton>
      </SelectionSummary>
    </section>
  );
}

function StudentTable({
  page,
  selected,
  onToggle,
}: {
  page: StudentSearchResult;
  selected: ReadonlySet<string>;
  onToggle: (ids: readonly string[], on: boolean) => void;
}) {
  const { t } = useTranslation('school-admin');
  return (
    <table className="mt-3 w-full border-collapse text-left">
      <caption className="sr-only">{t('students.caption')}</caption>
      <thead>
        <tr className="border-b-2 border-line">
          <th scope="col" className="w-12 p-2">
            <span className="sr-only">{t('students.select', { name: '' })}</span>
          </th>
          <th scope="col" className="p-2">
            {t('students.name')}
          </th>
          <th scope="col" className="p-2">
            {t('students.status')}
          </th>
        </tr>
      </thead>
      <tbody>
        {page.items.map((student) => (
          <tr key={student.id} className="border-b border-line">
            <td className="p-2 align-top">
              <input
                type="checkbox"
                className="size-6"
                aria-label={t('students.select', { name: student.name })}
                checked={selected.has(student.id)}
                disabled={student.reason !== null}
                onChange={(event) => onToggle([student.id], event.target.checked)}
              />
            </td>
            <td className="p-2 align-top">
              <span className="block font-semibold break-words">{student.name}</span>
              <span className="text-sm text-muted">
                {student.nisn
                  ? t('students.nisn', { nisn: student.nisn })
                  : t('students.noNisnShort')}
              </span>
            </td>
            <td className="p-2 align-top text-sm">
              {student.reason ? t(`reasons.${student.reason}`) : t('students.requestable')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The request just made: its progress, polled until every student is settled. */
function SubmittedRequest({
  npsn,
  id,
  onAnother,
}: {
  npsn: string;
  id: string;
  onAnother: () => void;
}) {
  const { t } = useTranslation('school-admin');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const request = useStudentRequest(npsn, id);
  return (
    <section aria-labelledby="request-title" className="mt-6 rounded-lg border border-line p-4">
      <h2 id="request-title" ref={heading} tabIndex={-1} className="text-xl font-bold">
        {t('progress.title', { id })}
      </h2>
      <p role="status" className="mt-1">
        {request.data?.status === 'completed' ? t('requests.completed') : t('progress.submitted')}
      </p>
      {request.data && <RequestProgress request={request.data} />}
      <div className="mt-4 flex flex-wrap gap-2">
        <AppLink to={brand.adminPortalUrl} className="btn btn-primary">
          {t('progress.toPortal')}
        </AppLink>
        <button type="button" className="btn btn-secondary" onClick={onAnother}>
          {t('progress.another')}
        </button>
      </div>
    </section>
  );
}
