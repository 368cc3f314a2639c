import { CONSOLE_MESSAGES, RejectBodySchema } from '@portal/contracts/console';
import { platformName, positionName } from '@portal/contracts/office-request';
import { CONSOLE_SECTION_PAGES } from '@portal/contracts/web-routes';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ApiError } from '~/api/api-client';
import { useRegions } from '~/api/regions';
import { DateRangeFields } from '~/components/date-range-fields';
import { contractResolver } from '~/components/contract-resolver';
import { FilterForm } from '~/components/filter-form';
import { FilterSelect } from '~/components/filter-select';
import { FormField } from '~/components/form-field';
import { ListStatus } from '~/components/list-status';
import { Modal } from '~/components/modal';
import { registerNamespace } from '~/i18n/i18n';
import { useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';
import officeFormEn from '~/locales/en/office-request.json';
import officeFormId from '~/locales/id/office-request.json';
import { Pager } from '~/components/pager';
import { Alert } from '~/components/alert';
import { useOfficeRequests, type RequestFilter } from './api/get-office-requests';
import { useOfficeRequest } from './api/get-office-request';
import { useOfficeRequestLetter } from './api/get-office-request-letter';
import { useApproveOfficeRequest } from './api/approve-office-request';
import { useRejectOfficeRequest } from './api/reject-office-request';
import { ConfirmDialog } from './confirm-dialog';
import { ConsoleSectionPage } from './console-section';
import { PendingButton } from '~/components/pending-button';

// Positions are named as the office form names them, in the reader's language.
registerNamespace('office-request', { id: officeFormId, en: officeFormEn });

const LIST_PAGE = CONSOLE_SECTION_PAGES['office-requests'];

/** The list's filter is in the page's address: the way back from a request keeps it. */
function filterOf(params: URLSearchParams): RequestFilter {
  return {
    // Waiting requests unless the reviewer chose otherwise ('' is any status).
    status: params.get('status') ?? 'submitted',
    province: params.get('province') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
  };
}

function paramsOf(filter: RequestFilter): URLSearchParams {
  const params = new URLSearchParams({ status: filter.status });
  for (const key of ['province', 'from', 'to'] as const) {
    if (filter[key]) params.set(key, filter[key]);
  }
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** `/konsol/pengajuan-dinas`: the office requests, for reviewers. */
export function OfficeRequestsPage() {
  return (
    <ConsoleSectionPage section="office-requests">{() => <OfficeRequests />}</ConsoleSectionPage>
  );
}

/** `/konsol/pengajuan-dinas/:id`: one office request, opened for a decision. */
export function OfficeRequestPage() {
  const { id = '' } = useParams();
  return (
    <ConsoleSectionPage section="office-requests">
      {() => <RequestDetail key={id} id={id} />}
    </ConsoleSectionPage>
  );
}

/** Office requests: filtered and paged, each a link to its page. */
export function OfficeRequests() {
  const { t } = useTranslation('console');
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const setFilter = (next: RequestFilter) => setParams(paramsOf(next));
  const list = useOfficeRequests(filter);
  return (
    <section aria-labelledby="requests-title">
      <h1 id="requests-title" className="text-3xl font-bold">
        {t('requests.title')}
      </h1>
      <Filters
        key={params.toString()}
        value={filter}
        onApply={(next) => setFilter({ ...next, page: 1 })}
      />
      <ListStatus
        error={list.error}
        count={list.data?.total}
        pending={list.isPending}
        texts={{
          none: t('requests.none'),
          total: (count) => t('requests.total', { count }),
          loading: t('loading'),
        }}
      />
      {list.data && (
        <>
          <ul
            className="mt-2 divide-y divide-line border-y border-line"
            aria-label={t('requests.caption')}
          >
            {list.data.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <span className="block font-semibold">{item.number}</span>
                  <span className="block break-words">{item.name}</span>
                  <span className="text-sm text-muted">
                    {item.region}, {item.province} · {t(`requests.${item.status}`)}
                  </span>
                </div>
                <Link
                  to={`${LIST_PAGE}/${item.id}`}
                  state={{ list: params.toString() }}
                  className="btn btn-secondary"
                >
                  {t('requests.open', { number: item.number })}
                </Link>
              </li>
            ))}
          </ul>
          <Pager
            page={filter.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={(page) => setFilter({ ...filter, page })}
          />
        </>
      )}
    </section>
  );
}

function Filters({
  value,
  onApply,
}: {
  value: RequestFilter;
  onApply: (filter: RequestFilter) => void;
}) {
  const { t } = useTranslation('console');
  const regions = useRegions();
  return (
    <FilterForm
      value={value}
      onApply={onApply}
      label={t('requests.filters')}
      applyText={t('requests.apply')}
    >
      {(draft, setDraft) => (
        <>
          <FilterSelect
            label={t('requests.status')}
            value={draft.status}
            onChange={(status) => setDraft({ ...draft, status })}
            anyText={t('requests.anyStatus')}
            options={(['submitted', 'approved', 'rejected'] as const).map((status) => ({
              value: status,
              text: t(`requests.${status}`),
            }))}
          />
          <FilterSelect
            label={t('requests.province')}
            value={draft.province}
            onChange={(province) => setDraft({ ...draft, province })}
            anyText={t('requests.anyProvince')}
            options={(regions.data?.provinces ?? []).map((province) => ({
              value: province.code,
              text: province.name,
            }))}
          />
          <DateRangeFields
            value={draft}
            onChange={setDraft}
            labels={{ from: t('requests.from'), to: t('requests.to') }}
          />
        </>
      )}
    </FilterForm>
  );
}

type RejectValues = { reason: string };
const rejectResolver = contractResolver<RejectValues, RejectValues>(RejectBodySchema);

/** One office request with everything the reviewer decides on, and the decision. */
export function RequestDetail({ id }: { id: string }) {
  const { t } = useTranslation('console');
  const localise = useLocaliseMessage();
  const heading = useRef<HTMLHeadingElement>(null);
  const reasonId = useId();
  const { state } = useLocation() as { state: { list?: string } | null };
  const [rejecting, setRejecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [confirmingReject, setConfirmingReject] = useState(false);
  const rejectForm = useForm<RejectValues>({
    defaultValues: { reason: '' },
    resolver: rejectResolver,
    shouldFocusError: false,
  });
  const [reasonProblem, setReasonProblem] = useState<ShownMessage | null>(null);
  const detail = useOfficeRequest(id);
  const letter = useLetterUrl(id);
  const request = detail.data;
  const loaded = request !== undefined;
  // The page's heading takes focus once it is there, as a new page's would.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  const approve = useApproveOfficeRequest(id);
  const reject = useRejectOfficeRequest(id);
  const error = approve.error ?? reject.error;
  const back = (
    <Link to={{ pathname: LIST_PAGE, search: state?.list ?? '' }} className="btn btn-secondary">
      {t('detail.close')}
    </Link>
  );
  if (!request) {
    return (
      <>
        {back}
        {detail.error instanceof ApiError ? (
          <Alert variant="error-box" className="mt-4">
            {localise(detail.error)}
          </Alert>
        ) : (
          <p role="status" className="mt-4">
            {t('loading')}
          </p>
        )}
      </>
    );
  }
  const askToReject = rejectForm.handleSubmit(
    () => {
      setReasonProblem(null);
      reject.reset();
      setConfirmingReject(true);
    },
    (errors) =>
      setReasonProblem(
        errors.reason?.message ?? errors.root?.message ?? CONSOLE_MESSAGES.reasonRequired,
      ),
  );
  const reason = rejectForm.getValues('reason');
  const row = (label: string, value: string) => (
    <div className="py-1 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="font-semibold">{label}</dt>
      <dd className="break-words sm:col-span-2">{value}</dd>
    </div>
  );
  return (
    <div>
      {back}
      <h1 ref={heading} tabIndex={-1} className="mt-4 text-3xl font-bold focus:outline-none">
        {request.number} · {t(`requests.${request.status}`)}
      </h1>
      <dl className="mt-3">
        {row(t('detail.applicant'), request.name)}
        {row(t('detail.nik'), request.nik)}
        {row(t('detail.birthDate'), request.birthDate)}
        {row(t('detail.motherName'), request.motherName)}
        {row(t('detail.email'), request.email)}
        {row(t('detail.phone'), request.phone)}
        {row(t('detail.office'), `${request.region}, ${request.province}`)}
        {row(
          t('detail.position'),
          request.positionOther ??
            t(`positions.${request.position}`, {
              ns: 'office-request',
              defaultValue: positionName(request.position),
            }),
        )}
        {row(t('detail.letterSubject'), request.letterSubject)}
        {row(t('detail.letterNumber'), request.letterNumber)}
        {row(t('detail.platforms'), request.platforms.map(platformName).join(', '))}
        {request.rejectionReason ? row(t('detail.reason'), request.rejectionReason) : null}
        {request.status === 'approved'
          ? row(t('detail.account'), request.accountEmail ?? t('detail.accountPending'))
          : null}
      </dl>
      <h2 className="mt-6 text-xl font-bold">{t('detail.letter')}</h2>
      {letter ? (
        <>
          {/* The viewer's own toolbar would title the letter by its blob: address (a random id):
              the frame is titled by the request, and the letter downloads under its number. */}
          <iframe
            title={t('detail.letterFrame', { number: request.number })}
            src={`${letter}#toolbar=0`}
            className="mt-2 h-[32rem] w-full rounded-md border border-line"
          />
          <a
            href={letter}
            download={letterFileName(request.number)}
            className="mt-2 inline-flex min-h-11 items-center underline"
          >
            {t('detail.downloadLetter')}
          </a>
        </>
      ) : (
        <p role="status">{t('loading')}</p>
      )}
      {error instanceof ApiError ? <Alert variant="field-error">{localise(error)}</Alert> : null}
      <p aria-live="polite" className="mt-2">
        {approve.isSuccess || reject.isSuccess ? t('detail.decided') : null}
      </p>
      {request.status === 'submitted' && (
        <div className="mt-4 space-y-3">
          <div className="flex flex-wrap gap-2">
            <PendingButton
              type="button"
              className="btn btn-primary"
              pending={approve.isPending}
              onClick={() => {
                approve.reset();
                setConfirming(true);
              }}
            >
              {t('detail.approve')}
            </PendingButton>
            <button
              type="button"
              className="btn btn-secondary"
              aria-expanded={rejecting}
              onClick={() => setRejecting(!rejecting)}
            >
              {t('detail.reject')}
            </button>
          </div>
          {rejecting && (
            <form onSubmit={askToReject} noValidate>
              <FormField
                id={reasonId}
                label={t('detail.rejectReason')}
                error={localise(reasonProblem)}
                announceError
              >
                {(control) => (
                  <textarea
                    {...control}
                    rows={4}
                    maxLength={1000}
                    {...rejectForm.register('reason')}
                  />
                )}
              </FormField>
              <PendingButton
                type="submit"
                className="btn btn-primary mt-2"
                pending={reject.isPending}
              >
                {t('detail.confirmReject')}
              </PendingButton>
            </form>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirmingReject}
        title={t('detail.confirmRejectTitle', { number: request.number })}
        description={t('detail.confirmRejectText')}
        confirmLabel={t('detail.yesReject')}
        pending={reject.isPending}
        error={reject.error}
        onConfirm={() =>
          reject.mutate(reason, {
            onSuccess: () => {
              setConfirmingReject(false);
              setRejecting(false);
            },
          })
        }
        onCancel={() => setConfirmingReject(false)}
      >
        <p className="whitespace-pre-line break-words rounded-md bg-surface p-3">{reason.trim()}</p>
      </ConfirmDialog>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        size="help"
        title={t('detail.confirmApprove', { number: request.number })}
        description={t('detail.confirmApproveText', { name: request.name })}
      >
        <div className="mt-4 flex flex-wrap gap-2">
          <PendingButton
            type="button"
            className="btn btn-primary"
            pending={approve.isPending}
            onClick={() => approve.mutate(undefined, { onSettled: () => setConfirming(false) })}
          >
            {t('detail.yesApprove')}
          </PendingButton>
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
            {t('detail.cancel')}
          </button>
        </div>
      </Modal>
    </div>
  );
}

/** The letter's file name: the request's number, never the blob's random id. */
const letterFileName = (number: string) => `surat-dinas-${number.replace(/[^\w-]+/g, '-')}.pdf`;

/** The letter's blob: address while the detail is open; released when it closes. */
function useLetterUrl(id: string): string | null {
  const letter = useOfficeRequestLetter(id).data;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!letter) return;
    const made = URL.createObjectURL(letter);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [letter]);
  return url;
}
