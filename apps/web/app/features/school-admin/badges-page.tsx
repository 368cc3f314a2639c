import type { BadgeBatch, BadgeStudentSearchResult } from '@portal/contracts/badges';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField } from '~/components/form-field';
import { Pager } from '~/components/pager';
import { saveFile } from '~/components/save-file';
import { track } from '~/tracking/tracker';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorAlert } from './error-alert';
import { SchoolAdminPage } from './school-admin-page';
import { SearchBox } from './search-box';
import { ClearSelection, SelectionSummary, useStudentSelection } from './student-selection';
import {
  useBadgeBatches,
  useBadgeStudents,
  useDownloadBadgePdf,
  useEndBadges,
  useRefreshBadgeStudents,
  useSubmitBadgeBatch,
  type BadgeStudentFilter,
} from './api/badges';
import { PendingButton } from '~/components/pending-button';

/**
 * `/admin/kartu-masuk`: a school admin makes printed sign-in badges for the school's students
 * (a whole class, or chosen ones), follows their making, downloads the cards' PDF once, and
 * sees and ends the live badges.
 */
export function BadgesPage() {
  const { t } = useTranslation('school-admin');
  return (
    <SchoolAdminPage
      title={t('badges.title')}
      mode="portal-admin"
      intro={
        <>
          <p className="mt-3 max-w-2xl">{t('badges.intro')}</p>
          <p className="mt-2 max-w-2xl text-sm">{t('badges.safety')}</p>
          <p className="mt-2">
            <Link to="/admin" className="link">
              {t('badges.backToPortal')}
            </Link>
          </p>
        </>
      }
    >
      {(npsn) => <SchoolBadges npsn={npsn} />}
    </SchoolAdminPage>
  );
}

/** The page's part for one school of a signed-in admin. */
export function SchoolBadges({ npsn }: { npsn: string }) {
  return (
    <>
      <Batches npsn={npsn} />
      <Students npsn={npsn} />
    </>
  );
}

const useWhen = () => {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(Date.parse(iso));
};

/** The newest batches: their progress, and the one download of each finished batch's cards. */
function Batches({ npsn }: { npsn: string }) {
  const { t } = useTranslation('school-admin');
  const batches = useBadgeBatches(npsn);
  const refresh = useRefreshBadgeStudents(npsn);
  const when = useWhen();
  const completed = batches.data?.filter((batch) => batch.status === 'completed').length ?? 0;
  const seen = useRef(completed);
  useEffect(() => {
    if (completed !== seen.current) refresh();
    seen.current = completed;
  }, [completed, refresh]);
  if (!batches.data?.length && !batches.error) return null;
  return (
    <section aria-labelledby="badge-batches-title" className="mt-8">
      <h2 id="badge-batches-title" className="text-xl font-bold">
        {t('badges.batches.title')}
      </h2>
      <ErrorAlert error={batches.error} />
      <ul className="mt-3 space-y-3">
        {batches.data?.map((batch) => (
          <li key={batch.id} className="rounded-lg border border-line p-4">
            <h3 className="font-bold">
              {t('badges.batches.name', { id: batch.id })} ·{' '}
              {batch.status === 'completed'
                ? t('badges.batches.completed')
                : t('badges.batches.processing')}
            </h3>
            <p className="text-sm text-muted">
              {t('badges.batches.when', { when: when(batch.createdAt) })}
            </p>
            <BatchProgress batch={batch} />
            {batch.status === 'completed' && <BatchDownload npsn={npsn} batch={batch} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function BatchProgress({ batch }: { batch: BadgeBatch }) {
  const { t } = useTranslation('school-admin');
  const done = batch.made + batch.skipped;
  const label = t('badges.batches.count', { done, total: batch.total });
  return (
    <div>
      <div className="mt-2 flex flex-wrap justify-between gap-2 text-sm">
        <span>{t('badges.batches.progress')}</span>
        <span>{label}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('badges.batches.progress')}
        aria-valuemin={0}
        aria-valuemax={batch.total}
        aria-valuenow={done}
        aria-valuetext={label}
        className="mt-1 h-3 overflow-hidden rounded-full border border-muted bg-surface"
      >
        <div
          className="h-full bg-brand transition-[width]"
          style={{ width: `${batch.total === 0 ? 0 : (done / batch.total) * 100}%` }}
        />
      </div>
      {batch.status === 'completed' && (
        <p className="mt-2 font-semibold">{t('badges.batches.made', { count: batch.made })}</p>
      )}
      {batch.skipped > 0 && (
        <p className="mt-1 text-sm">{t('badges.batches.skipped', { count: batch.skipped })}</p>
      )}
    </div>
  );
}

function BatchDownload({ npsn, batch }: { npsn: string; batch: BadgeBatch }) {
  const { t } = useTranslation('school-admin');
  const when = useWhen();
  const download = useDownloadBadgePdf(npsn, batch.id);
  if (!batch.pdfAvailable && !download.isSuccess) {
    return <p className="mt-3 text-sm">{t('badges.batches.pdfGone')}</p>;
  }
  const save = () =>
    download.mutate(undefined, {
      onSuccess: ({ blob, fileName }) => {
        saveFile(blob, fileName ?? `kartu-masuk-${batch.id}.pdf`);
        track('FILE_DOWNLOADED', [{ key: 'file', value: 'badge-cards-pdf' }]);
      },
    });
  return (
    <div className="mt-3">
      {batch.pdfAvailable && batch.pdfExpiresAt && (
        <p className="text-sm">{t('badges.batches.pdfOnce', { when: when(batch.pdfExpiresAt) })}</p>
      )}
      {batch.pdfAvailable && (
        <PendingButton
          type="button"
          className="btn btn-primary mt-2"
          pending={download.isPending}
          onClick={save}
        >
          {download.isPending ? t('badges.batches.downloading') : t('badges.batches.download')}
        </PendingButton>
      )}
      <p aria-live="polite" className="mt-1 text-sm">
        {download.isSuccess && t('badges.batches.downloaded')}
      </p>
      <ErrorAlert error={download.error} />
    </div>
  );
}

type Student = BadgeStudentSearchResult['items'][number];

/** `grade` in the filter's select: every class, one class, or those without a class. */
const gradeValue = (grade: number | null | undefined) =>
  grade === undefined ? 'all' : grade === null ? 'none' : String(grade);
const gradeOf = (value: string): number | null | undefined =>
  value === 'all' ? undefined : value === 'none' ? null : Number(value);

/** The school's students: filters, choosing, making badges, and the live badges to end. */
function Students({ npsn }: { npsn: string }) {
  const { t } = useTranslation('school-admin');
  const when = useWhen();
  const gradeId = useId();
  const badgeId = useId();
  const [filter, setFilter] = useState<BadgeStudentFilter>({ query: '', badge: 'any', page: 1 });
  const selection = useStudentSelection();
  const [ending, setEnding] = useState<Student | 'all' | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const students = useBadgeStudents(npsn, filter);
  const submit = useSubmitBadgeBatch(npsn);
  const page = students.data;
  const onPage = page?.items.map((student) => student.accountId) ?? [];
  const makeFor = (choice: { grade: number } | { accountIds: readonly string[] }) =>
    submit.mutate(choice, {
      onSuccess: (batch) => {
        selection.clear();
        setMade(batch.id);
      },
    });
  const grade = filter.grade;
  const classSize =
    typeof grade === 'number' ? page?.grades.find((g) => g.grade === grade)?.students : undefined;
  const gradeName = (value: number | null) =>
    value === null ? t('badges.students.noGrade') : t('badges.students.grade', { grade: value });

  return (
    <section aria-labelledby="badge-students-title" className="mt-8">
      <h2 id="badge-students-title" className="text-xl font-bold">
        {t('badges.students.title')}
      </h2>
      <p className="mt-2 max-w-2xl">{t('badges.students.intro')}</p>
      <SearchBox onSearch={(query) => setFilter({ ...filter, query, page: 1 })} />
      <div className="mt-3 flex flex-wrap gap-3">
        <FormField
          id={gradeId}
          label={t('badges.students.gradeFilter')}
          className="min-w-0 basis-48"
        >
          {(control) => (
            <select
              {...control}
              value={gradeValue(filter.grade)}
              onChange={(event) =>
                setFilter({ ...filter, grade: gradeOf(event.target.value), page: 1 })
              }
            >
              <option value="all">{t('badges.students.allGrades')}</option>
              {page?.grades.map((g) => (
                <option key={gradeValue(g.grade)} value={gradeValue(g.grade)}>
                  {t('badges.students.gradeOption', {
                    name: gradeName(g.grade),
                    count: g.students,
                  })}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id={badgeId}
          label={t('badges.students.badgeFilter')}
          className="min-w-0 basis-48"
        >
          {(control) => (
            <select
              {...control}
              value={filter.badge}
              onChange={(event) =>
                setFilter({
                  ...filter,
                  badge: event.target.value as BadgeStudentFilter['badge'],
                  page: 1,
                })
              }
            >
              <option value="any">{t('badges.students.badgeAny')}</option>
              <option value="live">{t('badges.students.badgeLive')}</option>
              <option value="none">{t('badges.students.badgeNone')}</option>
            </select>
          )}
        </FormField>
      </div>

      {typeof grade === 'number' && classSize !== undefined && (
        <div className="mt-4 rounded-lg border border-line p-4">
          <p>{t('badges.students.wholeClass', { name: gradeName(grade), count: classSize })}</p>
          <PendingButton
            type="button"
            className="btn btn-primary mt-2"
            pending={submit.isPending}
            onClick={() => makeFor({ grade })}
          >
            {t('badges.students.makeClass', { name: gradeName(grade) })}
          </PendingButton>
        </div>
      )}

      {students.isPending && (
        <p role="status" className="mt-4 text-muted">
          {t('loading')}
        </p>
      )}
      <ErrorAlert error={students.error} />
      {page && (
        <>
          <p className="mt-4" aria-live="polite">
            {page.total === 0
              ? t('badges.students.none')
              : t('badges.students.total', { count: page.total })}{' '}
            {t('badges.students.live', { count: page.liveBadges })}
          </p>
          {page.items.length > 0 && (
            <>
              <label className="mt-3 flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={selection.holdsAll(onPage)}
                  onChange={(event) => selection.change(onPage, event.target.checked)}
                />
                {t('badges.students.selectPage')}
              </label>
              <ul className="mt-2 divide-y divide-line border-y border-line">
                {page.items.map((student) => (
                  <li
                    key={student.accountId}
                    className="flex flex-wrap items-center justify-between gap-2 py-3"
                  >
                    <label className="flex min-h-11 min-w-0 flex-1 basis-56 items-start gap-3">
                      <input
                        type="checkbox"
                        className="mt-1 size-6 shrink-0"
                        checked={selection.ids.has(student.accountId)}
                        onChange={(event) =>
                          selection.change([student.accountId], event.target.checked)
                        }
                      />
                      <span className="min-w-0">
                        <span className="block font-semibold break-words">{student.name}</span>
                        <span className="block text-sm text-muted">
                          {gradeName(student.grade)}
                          {student.nisn ? ` · ${t('students.nisn', { nisn: student.nisn })}` : ''}
                        </span>
                        <span className="block text-sm">
                          {student.badge
                            ? t('badges.students.liveSince', { when: when(student.badge.since) })
                            : t('badges.students.noBadge')}
                        </span>
                      </span>
                    </label>
                    {student.badge && (
                      <button
                        type="button"
                        className="btn btn-secondary"
                        aria-label={t('badges.end.oneFor', { name: student.name })}
                        onClick={() => setEnding(student)}
                      >
                        {t('badges.end.one')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
              <Pager
                page={page.page}
                total={page.total}
                pageSize={page.pageSize}
                onPage={(next) => setFilter({ ...filter, page: next })}
              />
            </>
          )}
        </>
      )}

      <SelectionSummary said={t('badges.students.selected', { count: selection.ids.size })}>
        <p className="mt-1 text-sm">{t('badges.students.replaces')}</p>
        <ErrorAlert error={submit.error} />
        <div className="mt-2 flex flex-wrap gap-2">
          <PendingButton
            type="button"
            className="btn btn-primary"
            disabled={selection.ids.size === 0}
            pending={submit.isPending}
            onClick={() => makeFor({ accountIds: [...selection.ids] })}
          >
            {submit.isPending
              ? t('badges.students.making')
              : t('badges.students.make', { count: selection.ids.size })}
          </PendingButton>
          <ClearSelection selection={selection} />
        </div>
        <p role="status" className="mt-2 text-sm">
          {made && t('badges.students.made', { id: made })}
        </p>
      </SelectionSummary>

      {page && page.liveBadges > 0 && (
        <div className="mt-6">
          <button type="button" className="btn btn-secondary" onClick={() => setEnding('all')}>
            {t('badges.end.all', { count: page.liveBadges })}
          </button>
        </div>
      )}
      <EndBadgesDialog
        npsn={npsn}
        ending={ending}
        liveBadges={page?.liveBadges ?? 0}
        onClose={() => setEnding(null)}
      />
    </section>
  );
}

/** Confirms ending one student's badge, or every live badge of the school. */
function EndBadgesDialog({
  npsn,
  ending,
  liveBadges,
  onClose,
}: {
  npsn: string;
  ending: Student | 'all' | null;
  liveBadges: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('school-admin');
  const end = useEndBadges(npsn);
  const close = () => {
    end.reset();
    onClose();
  };
  const confirm = () => {
    if (ending === null) return;
    const badgeId = ending === 'all' ? null : (ending.badge?.id ?? null);
    if (ending !== 'all' && badgeId === null) return;
    end.mutate(badgeId, { onSuccess: close });
  };
  return (
    <ConfirmDialog
      open={ending !== null}
      title={ending === 'all' ? t('badges.end.allTitle') : t('badges.end.oneTitle')}
      question={
        ending === 'all'
          ? t('badges.end.allConfirm', { count: liveBadges })
          : ending && t('badges.end.oneConfirm', { name: ending.name })
      }
      action={ending === 'all' ? t('badges.end.allAction') : t('badges.end.oneAction')}
      working={t('badges.end.working')}
      pending={end.isPending}
      error={end.error}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
